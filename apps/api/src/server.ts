import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE_PATH, ErrorReply, READ_AT_HEADER } from '@backoffice/shared-api/contract';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AppContext } from './context';
import { registerErrorHandling } from './plugins/errors';
import { refuseUnstorableText } from './plugins/storable-text';
import { FIRST_SCREEN_SCRIPT_HASH, overrideSources, registerWeb } from './plugins/web';
import { firstScreenOf } from './modules/releases/first-screen';
import { releaseRoutes } from './modules/releases/routes';
import { registerReleaseFiles } from './modules/releases/serve';
import { adminAuthenticator, marketplaceAuthenticator, resolveToken } from './modules/auth/authenticate';
import { authRoutes } from './modules/auth/routes';
import { createAuthLimits, type AuthLimitSettings } from './modules/auth/limits';
import { loadMarketplaceKeys, loadSigningSecret } from './modules/auth/tokens';
import { marketplaceCalls } from './modules/auth/marketplace-calls';
import { SECURITY_SCHEMES, type Authenticators } from './plugins/routes';
import { closeRedis, connectRedis } from './lib/redis';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { startMailOutbox, type MailOutbox, type OutboxOptions } from './modules/mail/outbox';
import { peopleRoutes } from './modules/people/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { redemptionRoutes } from './modules/redemption/routes';
import { discountCodeRoutes } from './modules/discount-codes/routes';
import { callRoutes } from './modules/calls/routes';
import { emailTemplateRoutes } from './modules/email-templates/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { auditRoutes } from './modules/audit/routes';
import { adminsRoutes } from './modules/admins/routes';
import { attachRealtime, type Realtime } from './realtime/realtime';
import { watchRegistry } from './modules/releases/registry-watch';
import { registerOperations, requestIdOf } from './plugins/operations';
import { registerBackup } from './plugins/backup';
import { logDestination } from './lib/log-destination';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass their own (e.g. to read sent mail); by default SMTP or the outbox folder. */
  mailer?: Mailer;
  /** Tests shorten the outbox's polls, retries and SMTP timeouts. */
  mailOutbox?: Partial<OutboxOptions> & { smtpTimeoutMs?: number };
  /** Tests tighten or loosen the sign-in and password limits. */
  authLimits?: Partial<AuthLimitSettings>;
  /** Where the limits' counters live in Redis; instances that share limits share it (tests isolate). */
  limitsKeyPrefix?: string;
  logger?: boolean;
  /** Where logs go (stdout by default); tests read them to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
}

export interface Server {
  app: FastifyInstance;
  context: AppContext;
  realtime: Realtime;
  /** This instance's email worker; `deliverDue()` sends what is due now (tests). */
  mailOutbox: MailOutbox;
  /** Closes sockets, then HTTP, then stops the email worker; the caller closes the database it opened. */
  close(): Promise<void>;
  /**
   * A graceful stop (SIGTERM): readiness answers 503 at once and sockets are sent to reconnect
   * elsewhere; for `readyDelayMs` the instance still serves (the load balancer's health checks see
   * the 503 and stop sending it requests); then no new connection is accepted, and requests in
   * flight (exports too) have the rest of `graceMs` to finish; what is left then is cut. Resolves
   * with whether everything finished in time.
   */
  drain(graceMs: number, readyDelayMs?: number): Promise<boolean>;
  /** What `npm run backup` must send for one (main writes it into DATA_DIR); absent without an embedded database on disk. */
  backupKey?: string;
}

const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Query values that are credentials never reach the logs. */
const redactUrl = (url: string) => url.replace(/([?&](?:token|password)=)[^&]*/gi, '$1[redacted]');

export async function buildServer(opts: BuildOptions): Promise<Server> {
  const { config, database } = opts;
  // Before anything opens: on PostgreSQL a secret this instance would generate is refused here.
  const secret = loadSigningSecret(config.authSecret, config.dataDir, config.databaseUrl);
  const marketplaceKeys = loadMarketplaceKeys(config.marketplaceKeys, config.dataDir, config.databaseUrl);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: opts.logStream ?? logDestination(),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    bodyLimit: config.bodyLimitBytes,
    // Request ids are the caller's X-Request-Id when it sends a plain one (a proxy's, to follow a
    // request across services), else a UUID: unique across instances and restarts, unlike a counter.
    genReqId: (req) => requestIdOf(req),
    // A hop count: trust that many proxies nearest to us (proxy-addr counts hops from the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Every field's problem at once, so a form can mark them all; unknown fields are dropped.
    // multipleOfPrecision: without it 0.07 is not a multiple of 0.01 in binary floating point, and
    // one dollar amount in nine would be refused.
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        multipleOfPrecision: 9,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const allowOrigin = (origin: string | undefined) =>
    !origin || (config.corsOrigins.length ? config.corsOrigins.includes(origin) : LOCALHOST_ORIGIN.test(origin));

  const resolve = (token: string) => resolveToken(database.db, secret, token, config.secondFactor);
  const realtime = await attachRealtime(app.server, {
    resolveToken: resolve,
    allowOrigin,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    authTimeoutMs: config.socketAuthTimeoutMs,
    log: app.log,
  });
  // Limits are shared by every instance through Redis when there is one (its own connection: the
  // socket adapter's subscriber cannot run commands).
  const limitsRedis = config.redisUrl ? await connectRedis(config.redisUrl, 'rate limits', app.log) : undefined;
  const limitsKeyPrefix = opts.limitsKeyPrefix ?? `${config.redisPrefix}:limits`;
  const operations = registerOperations(app, {
    database,
    realtime,
    redis: [...(limitsRedis ? [limitsRedis] : []), ...realtime.redis],
    metricsToken: config.metricsToken,
  });
  const backup = database.dataDir ? registerBackup(app, { database, dataDir: database.dataDir }) : undefined;
  const { smtpTimeoutMs, ...outboxOptions } = opts.mailOutbox ?? {};
  // No request sends email: changes queue it in their transaction, and this worker sends it.
  const mailOutbox = await startMailOutbox({
    database,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: app.log,
        timeoutMs: smtpTimeoutMs,
      }),
    emails: operations.emails,
    log: app.log,
    options: outboxOptions,
  });
  const registry = await watchRegistry(database);
  const context: AppContext = {
    config,
    db: database.db,
    secret,
    realtime,
    registry,
    operations,
    log: app.log,
  };

  const web: { spaFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined } = {};
  registerErrorHandling(app, web);
  refuseUnstorableText(app);
  // Empty query values mean "not given" (spec section 7: empty values are omitted).
  app.addHook('preValidation', async (request) => {
    const q = request.query as Record<string, unknown> | undefined;
    if (q && typeof q === 'object') for (const k of Object.keys(q)) if (q[k] === '') delete q[k];
  });

  const assets = config.assetsOrigin ? [config.assetsOrigin] : [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      directives: {
        // Remote code comes from this origin; only a server started with REMOTE_OVERRIDE_ORIGINS
        // lets a developer's override load it from those origins too (the shell's same allow-list).
        // ASSETS_ORIGIN: the CDN the remotes' manifests and files come from.
        // The page's one inline script (plugins/web.ts), by its hash.
        'script-src': [
          "'self'",
          FIRST_SCREEN_SCRIPT_HASH,
          ...assets,
          ...overrideSources(config.remoteOverrideOrigins).script,
        ],
        'connect-src': ["'self'", ...assets, ...overrideSources(config.remoteOverrideOrigins).connect],
        'img-src': ["'self'", 'data:'],
        // Plain-HTTP localhost must stay plain HTTP.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, allowOrigin(origin)),
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    // A remote run on its own, at its own origin, reads it too (client/live.ts).
    exposedHeaders: [READ_AT_HEADER],
    maxAge: 600,
  });
  app.addSchema(ErrorReply);
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, the dialect the contract's TypeBox schemas are in
      // (exclusiveMinimum as a number, for one), so the document describes them as they are.
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version: '1.0.0',
        description: 'Every reply is `{ statusCode, message, data?, total? }`; statusCode equals the HTTP status.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.admin]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [SECURITY_SCHEMES.marketplace]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Marketplace-Signature',
            description:
              "The marketplace's own calls (filing influencer requests, payout requests, notifications), signed with a key of MARKETPLACE_API_KEY: X-Marketplace-Key-Id (the key's id), X-Marketplace-Timestamp (seconds since 1970, within 5 minutes of the server's clock), X-Marketplace-Nonce (16 to 64 of A-Z a-z 0-9 - _, never reused) and X-Marketplace-Signature, the hex HMAC-SHA256 with the key's secret of `METHOD\\npath?query\\ntimestamp\\nnonce\\n` followed by the raw body. A replayed request is refused with 401, an admin's bearer token with 403. The filing calls take an `Idempotency-Key` header: a retry with the same key and body gets the first reply (with `Idempotent-Replayed: true`) and files nothing; kept 24 hours.",
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // One record of the marketplace's calls (nonces, idempotency keys), shared by its check and its routes.
  const calls = marketplaceCalls(database.db);
  app.decorate('marketplaceCalls', calls);
  // A signed call's signature covers the body as sent, so that call keeps it (and only that call:
  // the admin screens' bodies are parsed as before, by Fastify's own parser and its poisoning checks).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.marketplaceSignature) request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  const authenticators: Authenticators = {
    admin: adminAuthenticator(database.db, secret, config.secondFactor),
    marketplace: marketplaceAuthenticator(marketplaceKeys, calls),
  };
  app.decorate('authenticators', authenticators);
  app.decorate('publish', (events: Parameters<Realtime['publish']>[0]) => realtime.publish(events));
  const limits = createAuthLimits({ redis: limitsRedis, keyPrefix: limitsKeyPrefix, overrides: opts.authLimits });
  await app.register(
    async (api) => {
      await api.register(authRoutes(context, limits));
      await api.register(adminsRoutes(context, limits));
      await api.register(peopleRoutes(context));
      await api.register(redemptionRoutes(context));
      await api.register(paymentsRoutes(context));
      await api.register(discountCodeRoutes(context));
      await api.register(callRoutes(context));
      await api.register(emailTemplateRoutes(context));
      await api.register(notificationRoutes(context));
      await api.register(dashboardRoutes(context));
      await api.register(auditRoutes(context));
      await api.register(
        releaseRoutes(context, {
          halt: config.releaseHalt,
          reportsPerMinute: 30,
          redis: limitsRedis,
          keyPrefix: limitsKeyPrefix,
        }),
      );
    },
    { prefix: API_BASE_PATH },
  );
  registerReleaseFiles(app, context);
  const served = await registerWeb(app, {
    shellDist: config.shellDist,
    firstScreen: (pathname) => firstScreenOf(context, pathname),
  });
  web.spaFallback = served.spaFallback;
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await database.db.selectFrom('seed_runs').select('name').limit(1).execute();
    return { statusCode: 200, message: 'ok' };
  });

  const close = async () => {
    // Sockets first (the HTTP server's close would wait on them), then the requests in flight, and
    // only then Redis: a request finishing after SIGTERM still publishes its change's events.
    realtime.drain();
    await app.close();
    await realtime.close();
    await registry.close();
    if (limitsRedis) await closeRedis(limitsRedis);
    // after HTTP: the requests' last emails are queued; before the database the caller closes
    await mailOutbox.stop();
    mailOutbox.mailer.close();
  };
  return {
    app,
    context,
    realtime,
    mailOutbox,
    backupKey: backup?.key,
    async drain(graceMs, readyDelayMs = 0) {
      operations.draining = true;
      realtime.drain();
      const delay = Math.min(readyDelayMs, graceMs);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      graceMs -= delay;
      let finished = true;
      // Past the grace, connections still open are cut: an export stopped that way ends without
      // its last chunk, which browsers and HTTP clients report as a failed download, never a whole file.
      const cut = setTimeout(() => {
        finished = false;
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await close();
      } finally {
        clearTimeout(cut);
      }
      return finished;
    },
    close,
  };
}
