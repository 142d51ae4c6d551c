import net from 'node:net';
import path from 'node:path';
import envSchema from 'env-schema';
import { embeddedSeedRefusal } from './seed/estimate';
import { parseMarketplaceKey } from './modules/auth/marketplace-signature';

export interface Config {
  host: string;
  /**
   * Behind reverse proxies, the client's address is read from X-Forwarded-For through this many
   * hops, or through these proxy addresses (TRUST_PROXY); false reads the socket's address.
   */
  trustProxy: false | number | string[];
  port: number;
  /** Where the embedded database, the generated secret and the email outbox live. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string;
  /** 'memory' keeps the embedded database in memory only (tests). */
  embeddedStorage: 'disk' | 'memory';
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Links in emails point here. */
  publicUrl: string;
  /**
   * Hosts besides PUBLIC_URL's that links and images in email templates may point to
   * (EMAIL_LINK_HOSTS, comma-separated host names): a CDN for a logo, the marketing site.
   */
  emailLinkHosts: string[];
  authSecret?: string;
  /**
   * Keys the marketplace signs its calls with (MARKETPLACE_API_KEY, `id:secret` or a bare secret,
   * comma-separated); empty: one generated in dataDir on the embedded database, refused on PostgreSQL.
   */
  marketplaceKeys: string[];
  tokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  seed: { enabled: boolean; scale: number; adminEmail: string; adminPassword: string };
  logLevel: string;
  /** The shell's production build, served at / and /app; absent means API only. */
  shellDist: string;
  /**
   * A releases folder of an earlier version (RELEASES_DIR, .releases by default): imported into the
   * database once, at the first start that finds it; releases live in the database since.
   */
  releasesDir: string;
  /**
   * Whether the start releases the remotes' local builds (apps/<remote>/dist, RELEASE_LOCAL_BUILDS):
   * a build not uploaded yet is stored and made current, as `npm start` did with a rebuilt remote.
   */
  releaseLocalBuilds: boolean;
  /** Where the apps' folders are, each with its build in dist/. */
  appsDir: string;
  /**
   * Where browsers load the remotes' manifests and files from (ASSETS_ORIGIN, a CDN pulling
   * /remotes/ from this server); empty: this server's origin. The CSP names it.
   */
  assetsOrigin: string;
  /** When a staged version halts itself (modules/releases/figures.ts). */
  releaseHalt: { factor: number; minViews: number; minRate: number };
  /** Seconds a socket has to authenticate before it is dropped. */
  socketAuthTimeoutMs: number;
  /** The bearer token /metrics asks for (METRICS_TOKEN); without one, metrics are served to this machine only. */
  metricsToken?: string;
  /** What this deployment's Redis keys and socket channel start with (REDIS_PREFIX). */
  redisPrefix: string;
  /** Whether the server runs pending migrations as it starts (MIGRATE_ON_START, default true). */
  migrateOnStart: boolean;
  /** How long requests and exports in flight may take to finish after SIGTERM (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * How long after SIGTERM the instance keeps serving with readiness at 503, for the load balancer
   * to see it (SHUTDOWN_READY_DELAY_MS: its health-check interval times its unhealthy threshold).
   */
  shutdownReadyDelayMs: number;
  /**
   * Where a developer's per-browser override may load a remote from (REMOTE_OVERRIDE_ORIGINS):
   * origins, or `http://host:*` for any port of a host. Empty: overrides are off, and the CSP names
   * no other origin than this server's.
   */
  remoteOverrideOrigins: string[];
  /**
   * A payout above this many cents needs the approval of two different admins
   * (PAYOUT_SECOND_APPROVAL_ABOVE, in dollars); null, the default: one approval pays.
   */
  payoutSecondApprovalAboveCents: number | null;
  /**
   * Whether the roles that need a second factor require it at sign-in ('required') or only offer
   * it ('offered': the one-command demo listening on loopback). SECOND_FACTOR; by HOST otherwise.
   */
  secondFactor: 'required' | 'offered';
}

export const DEFAULT_ADMIN_EMAIL = 'admin@backoffice.local';
export const DEFAULT_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/**
 * The environment's shape (env-schema: JSON Schema through Ajv): types, ranges and defaults are
 * checked in one place, and every bad variable is reported at start, together.
 */
const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', default: '127.0.0.1' },
    SEED_SCALE: { type: 'number', minimum: 0, maximum: 1000, default: 1 },
    SEED: { type: 'string', enum: ['true', 'false'], default: 'true' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    TRUST_PROXY: { type: 'string' },
    DATA_DIR: { type: 'string' },
    EMBEDDED_DB: { type: 'string', enum: ['disk', 'memory'], default: 'disk' },
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    REDIS_PREFIX: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$', default: 'backoffice' },
    SMTP_URL: { type: 'string' },
    MAIL_FROM: { type: 'string', default: 'Back Office <no-reply@backoffice.local>' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://' },
    EMAIL_LINK_HOSTS: { type: 'string' },
    AUTH_SECRET: { type: 'string', minLength: 32 },
    MARKETPLACE_API_KEY: { type: 'string' },
    TOKEN_TTL_SECONDS: { type: 'integer', minimum: 60, maximum: 7 * 24 * 3600, default: 8 * 3600 },
    CORS_ORIGINS: { type: 'string', default: '' },
    BODY_LIMIT_BYTES: { type: 'integer', minimum: 1024, maximum: 50 * 1024 * 1024, default: 1024 * 1024 },
    SEED_ADMIN_EMAIL: { type: 'string', default: DEFAULT_ADMIN_EMAIL },
    SEED_ADMIN_PASSWORD: { type: 'string', minLength: 1 },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    SHELL_DIST: { type: 'string' },
    RELEASES_DIR: { type: 'string' },
    RELEASE_LOCAL_BUILDS: { type: 'string', enum: ['true', 'false'], default: 'true' },
    ASSETS_ORIGIN: { type: 'string' },
    RELEASE_HALT_FACTOR: { type: 'number', minimum: 1, maximum: 1000, default: 2 },
    RELEASE_HALT_MIN_VIEWS: { type: 'integer', minimum: 1, maximum: 1000000, default: 20 },
    RELEASE_HALT_MIN_RATE: { type: 'number', minimum: 0, maximum: 1, default: 0.05 },
    SOCKET_AUTH_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 5000 },
    METRICS_TOKEN: { type: 'string', minLength: 16 },
    MIGRATE_ON_START: { type: 'string', enum: ['true', 'false'], default: 'true' },
    SHUTDOWN_GRACE_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 30000 },
    SHUTDOWN_READY_DELAY_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 0 },
    REMOTE_OVERRIDE_ORIGINS: { type: 'string' },
    PAYOUT_SECOND_APPROVAL_ABOVE: { type: 'string' },
    SECOND_FACTOR: { type: 'string', enum: ['required', 'offered'] },
  },
} as const;

interface Env {
  PORT: number;
  HOST: string;
  SEED_SCALE: number;
  SEED: 'true' | 'false';
  DATABASE_URL?: string;
  TRUST_PROXY?: string;
  DATA_DIR?: string;
  EMBEDDED_DB: 'disk' | 'memory';
  REDIS_URL?: string;
  REDIS_PREFIX: string;
  SMTP_URL?: string;
  MAIL_FROM: string;
  PUBLIC_URL?: string;
  EMAIL_LINK_HOSTS?: string;
  AUTH_SECRET?: string;
  SECOND_FACTOR?: 'required' | 'offered';
  MARKETPLACE_API_KEY?: string;
  TOKEN_TTL_SECONDS: number;
  CORS_ORIGINS: string;
  BODY_LIMIT_BYTES: number;
  SEED_ADMIN_EMAIL: string;
  SEED_ADMIN_PASSWORD?: string;
  LOG_LEVEL: string;
  SHELL_DIST?: string;
  RELEASES_DIR?: string;
  RELEASE_LOCAL_BUILDS: 'true' | 'false';
  ASSETS_ORIGIN?: string;
  RELEASE_HALT_FACTOR: number;
  RELEASE_HALT_MIN_VIEWS: number;
  RELEASE_HALT_MIN_RATE: number;
  SOCKET_AUTH_TIMEOUT_MS: number;
  METRICS_TOKEN?: string;
  MIGRATE_ON_START: 'true' | 'false';
  SHUTDOWN_GRACE_MS: number;
  SHUTDOWN_READY_DELAY_MS: number;
  REMOTE_OVERRIDE_ORIGINS?: string;
  PAYOUT_SECOND_APPROVAL_ABOVE?: string;
}

function readEnv(env: NodeJS.ProcessEnv): Env {
  // An empty variable means "not set", as a shell's `VAR= npm start` intends.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  try {
    return envSchema<Env>({ schema: structuredClone(ENV_SCHEMA) as object, data: given, env: false });
  } catch (e) {
    const errors = (e as { errors?: Array<{ instancePath: string; message?: string }> }).errors;
    if (!errors) throw e;
    const lines = errors.map((err) => {
      const name = err.instancePath.replace(/^\//, '');
      // Never the value: it may be a password in a URL or a key, and start-up errors are logged.
      return `${name} ${err.message ?? 'is invalid'}`;
    });
    throw new Error(`The environment is not valid:\n  ${lines.join('\n  ')}`);
  }
}

/**
 * TRUST_PROXY: how many proxies stand in front of the server (1 for one load balancer), or their
 * addresses. `true` would take the first address of X-Forwarded-For, which any client can write,
 * and so void every per-address limit: refused with what to set instead.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so rate limits could be ' +
        'dodged at will. Set the number of proxies in front of the server (TRUST_PROXY=1 behind one ' +
        'load balancer) or their addresses (TRUST_PROXY=10.0.0.5,10.0.0.6 or a subnet like 10.0.0.0/24).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10)
      throw new Error(`TRUST_PROXY must be a hop count from 1 to 10 or proxy addresses, got "${value}"`);
    return hops;
  }
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = addresses.find((a) => !net.isIP(a.split('/')[0] ?? '') && !/^(loopback|linklocal|uniquelocal)$/.test(a));
  if (bad) throw new Error(`TRUST_PROXY has "${bad}", which is neither an IP address, a subnet nor a hop count`);
  return addresses;
}

/** What the word `localhost` in REMOTE_OVERRIDE_ORIGINS stands for: any port of this machine. */
const LOCAL_ANY_PORT = ['http://localhost:*', 'http://127.0.0.1:*'];
const HTTP_ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?\/?$/i;

/**
 * REMOTE_OVERRIDE_ORIGINS: the origins a developer's override may load a remote from, comma-separated
 * (http://localhost:3001,https://dev.example.com), or `localhost` for any port of this machine.
 * An override runs its code in an admin's session, so anything but a plain http(s) origin is refused
 * at start rather than put into the Content-Security-Policy.
 */
export function parseRemoteOverrideOrigins(value: string | undefined): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const origins = items.flatMap((item) => {
    if (item.toLowerCase() === 'localhost') return LOCAL_ANY_PORT;
    // An origin only (scheme, host, port; a trailing slash is forgiven), written out in characters a
    // CSP source can hold: nothing that could end the directive or add another source.
    let url: URL | undefined;
    try {
      url = HTTP_ORIGIN.test(item) ? new URL(item) : undefined;
    } catch {
      url = undefined;
    }
    if (!url) {
      throw new Error(
        `REMOTE_OVERRIDE_ORIGINS has "${item}", which is not an http(s) origin. List origins such as ` +
          'http://localhost:3001 (scheme, host and port, nothing after), comma-separated, or the word ' +
          'localhost for any port of this machine.',
      );
    }
    return [url.origin];
  });
  return [...new Set(origins)];
}

/**
 * ASSETS_ORIGIN: the origin (https://cdn.example.com) browsers load the remotes from; it goes into
 * the registry's manifest URLs and the CSP, so anything but a plain http(s) origin is refused at start.
 */
export function parseAssetsOrigin(value: string | undefined): string {
  if (!value) return '';
  let url: URL | undefined;
  try {
    url = HTTP_ORIGIN.test(value) ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url) {
    throw new Error(
      `ASSETS_ORIGIN is "${value}", which is not an http(s) origin: write scheme, host and port only (https://cdn.example.com).`,
    );
  }
  return url.origin;
}

/** A DNS host name: labels of letters, digits and inner hyphens, dot-separated. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * EMAIL_LINK_HOSTS: host names (cdn.example.com,www.example.com), comma-separated, that email
 * templates may link to or load images from besides PUBLIC_URL's host. Host names only: a URL, a
 * port or a wildcard is refused at start with what to write instead, so the list means what it says.
 */
export function parseEmailLinkHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.find((h) => !HOST_NAME.test(h));
  if (bad) {
    throw new Error(
      `EMAIL_LINK_HOSTS has "${bad}", which is not a host name. List host names only, comma-separated, ` +
        'such as cdn.example.com,www.example.com (no scheme, port, path or wildcard).',
    );
  }
  return [...new Set(hosts)];
}

/**
 * PAYOUT_SECOND_APPROVAL_ABOVE: dollars (5000 or 2500.50) above which a payout needs a second
 * admin's approval; unset or empty: off. Read as text, so that 12.345 or 1e3 is refused rather than
 * rounded into a threshold nobody wrote.
 */
export function parsePayoutSecondApprovalAbove(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) {
    throw new Error(
      `PAYOUT_SECOND_APPROVAL_ABOVE must be an amount in dollars with at most 2 decimals, such as 5000 or ` +
        `2500.50, got "${value}". Leave it unset for one approval per payout.`,
    );
  }
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Reads the environment once, failing at start with a clear message rather than later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = defaultRepoRoot()): Config {
  const e = readEnv(env);
  const databaseUrl = e.DATABASE_URL;
  const scale = e.SEED_SCALE;
  const seedEnabled = e.SEED !== 'false';
  // Refused now rather than after minutes of seeding that look like a hung start.
  const refusal = seedEnabled && !databaseUrl ? embeddedSeedRefusal(scale) : undefined;
  if (refusal) throw new Error(refusal);
  // The documented password is public: an admin reachable from other machines must never have it,
  // not even until the first sign-in.
  if (seedEnabled && !e.SEED_ADMIN_PASSWORD && !LOOPBACK.test(e.HOST)) {
    throw new Error(
      `HOST=${e.HOST} listens beyond this machine, and the first admin would get the password printed ` +
        'in the README. Set SEED_ADMIN_PASSWORD to a password of your own (or SEED=false).',
    );
  }
  const marketplaceKeys = (e.MARKETPLACE_API_KEY ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const parsedKeys = marketplaceKeys.map(parseMarketplaceKey);
  if (parsedKeys.some((k) => k.secret.length < 32)) {
    throw new Error('MARKETPLACE_API_KEY: each key must be at least 32 characters long (after its "id:", if named)');
  }
  if (new Set(parsedKeys.map((k) => k.id)).size < parsedKeys.length) {
    throw new Error('MARKETPLACE_API_KEY: two keys have the same id');
  }
  return {
    host: e.HOST,
    port: e.PORT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR || path.join(repoRoot, '.data')),
    databaseUrl,
    embeddedStorage: e.EMBEDDED_DB,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    emailLinkHosts: parseEmailLinkHosts(e.EMAIL_LINK_HOSTS),
    authSecret: e.AUTH_SECRET,
    marketplaceKeys,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    resetTokenTtlSeconds: 30 * 60,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    seed: {
      enabled: seedEnabled,
      scale,
      adminEmail: e.SEED_ADMIN_EMAIL,
      adminPassword: e.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    },
    logLevel: e.LOG_LEVEL,
    shellDist: path.resolve(e.SHELL_DIST || path.join(repoRoot, 'apps', 'shell', 'dist')),
    releasesDir: path.resolve(e.RELEASES_DIR || path.join(repoRoot, '.releases')),
    releaseLocalBuilds: e.RELEASE_LOCAL_BUILDS === 'true',
    appsDir: path.join(repoRoot, 'apps'),
    assetsOrigin: parseAssetsOrigin(e.ASSETS_ORIGIN),
    releaseHalt: {
      factor: e.RELEASE_HALT_FACTOR,
      minViews: e.RELEASE_HALT_MIN_VIEWS,
      minRate: e.RELEASE_HALT_MIN_RATE,
    },
    socketAuthTimeoutMs: e.SOCKET_AUTH_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    redisPrefix: e.REDIS_PREFIX,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS,
    remoteOverrideOrigins: parseRemoteOverrideOrigins(e.REMOTE_OVERRIDE_ORIGINS),
    payoutSecondApprovalAboveCents: parsePayoutSecondApprovalAbove(e.PAYOUT_SECOND_APPROVAL_ABOVE),
    // Secure by default: a server reachable from other machines requires the second factor of the
    // roles that need one; the one-command demo on this machine offers it (README, "Two-factor").
    secondFactor: e.SECOND_FACTOR ?? (LOOPBACK.test(e.HOST) ? 'offered' : 'required'),
  };
}

function defaultRepoRoot(): string {
  // apps/api/src -> repo root
  return path.resolve(__dirname, '..', '..', '..');
}
