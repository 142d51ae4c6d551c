import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorReply,
  endpoints,
  type BodyOf,
  type Endpoint,
  type EndpointAuth,
  type EndpointName,
  type Endpoints,
  type EventName,
  type QueryOf,
  type ReplyOf,
  type ServerEventMessage,
} from '@backoffice/shared-api/contract';
import type { MarketplaceCalls } from '../modules/auth/marketplace-calls';

/** The events endpoint E declares it sends, as messages (`emit('userUpdated', { _id })`). */
type EventsOf<E> = E extends { emits: readonly (infer N extends EventName)[] }
  ? Array<Extract<ServerEventMessage, { event: N }>>
  : never[];

/** What a handler answers: the reply without its statusCode, and the events of the change it made. */
export type HandlerResult<E> = Omit<ReplyOf<E>, 'statusCode'> & { events?: EventsOf<E> };

export type Handler<E extends Endpoint> = (
  request: FastifyRequest<{ Querystring: QueryOf<E>; Body: BodyOf<E> }>,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>;

/** Sends a change's events to the sockets they are for; the server's one publisher (server.ts). */
export type Publish = (events: readonly ServerEventMessage[]) => void;

/**
 * Checks a request's credential for one endpoint; throws 401 or 403 (an HttpError) to refuse it.
 * It runs before the body is read; a credential that covers the body (a signature) finishes its
 * check in `afterBody`, once the body is parsed and before it is validated.
 */
export type Authenticator = ((request: FastifyRequest, endpoint: Endpoint) => Promise<void>) & {
  afterBody?: (request: FastifyRequest) => Promise<void>;
};
export type Authenticators = Record<Exclude<EndpointAuth, 'public'>, Authenticator>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticators: Authenticators;
    publish: Publish;
    /** Nonces and idempotency keys of the marketplace's calls (modules/auth/marketplace-calls.ts). */
    marketplaceCalls: MarketplaceCalls;
  }
}

/** The OpenAPI security scheme each kind of credential is published under. */
export const SECURITY_SCHEMES = { admin: 'bearerAuth', marketplace: 'marketplaceKey' } as const;

/**
 * What makes an endpoint protected, decided by its own `auth` and nothing else: the authenticator
 * runs in onRequest, before the body is read or validated, so a request without a credential gets
 * 401 and never learns the schema's field rules. Registering a protected endpoint on a server that
 * has no authenticator for it is a programming error and fails the start, not open.
 */
export function protection(app: FastifyInstance, endpoint: Endpoint) {
  // OpenAPI: an empty requirement list says "no credential", rather than leaving it unsaid.
  if (endpoint.auth === 'public') return { security: { security: [] }, hooks: {} };
  // What the admin's role must grant, in the document clients and auditors read.
  const permission = endpoint.auth === 'admin' ? { description: permissionNote(endpoint.permission) } : {};
  // Deny by default: an admin endpoint that names no permission is a programming error, not open.
  // (The contract's type requires one too; this holds for an endpoint built around it.)
  if (endpoint.auth === 'admin' && !(endpoint as { permission?: string }).permission) {
    throw new Error(`${(endpoint as Endpoint).method} ${(endpoint as Endpoint).path} names no permission`);
  }
  const check = app.hasDecorator('authenticators') ? app.authenticators[endpoint.auth] : undefined;
  if (typeof check !== 'function') {
    throw new Error(`${endpoint.method} ${endpoint.path} needs the '${endpoint.auth}' authenticator, and none is set`);
  }
  return {
    security: { security: [{ [SECURITY_SCHEMES[endpoint.auth]]: [] }], ...permission },
    hooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        await check(request, endpoint);
        // The reply logs the request's end with the logger it was given: the one naming the admin.
        reply.log = request.log;
      },
      ...(check.afterBody ? { preValidation: check.afterBody } : {}),
    },
  };
}

/** How an operation's description names the permission it needs ('self': any signed-in admin). */
export const permissionNote = (permission: string) =>
  permission === 'self'
    ? 'Permission: self (any signed-in admin, on their own account).'
    : `Permission: ${permission}.`;

/**
 * Registers one endpoint of the contract, by its name: its path, its schemas (validation,
 * serialisation and OpenAPI from the same objects, the name as its operationId) and the credential
 * its `auth` names. The events the handler returns are published once it has returned, that is once
 * its change is committed: never before, never for a change that failed.
 */
export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: Handler<Endpoints[N]>): void {
  const endpoint: Endpoint = endpoints[name];
  const { security, hooks } = protection(app, endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: name,
      tags: [endpoint.resource],
      summary: endpoint.summary,
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // A file, not JSON (an upload): documented by its media type, read raw, checked by the handler.
      ...(endpoint.consumes
        ? { body: { content: { [endpoint.consumes]: { schema: { description: 'The file, as raw bytes' } } } } }
        : {}),
      response: { 200: endpoint.reply, '4xx': ErrorReply, '5xx': ErrorReply },
      ...security,
    },
    ...hooks,
    // The envelope's statusCode always equals the HTTP status; a handler that returns has succeeded.
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      const run = async () => {
        const { events, ...result } = await (handler as Handler<Endpoint>)(request as never, reply);
        if (events?.length) app.publish(events);
        return { statusCode: 200, ...result };
      };
      // The marketplace's calls file records: with an Idempotency-Key, a retry gets the first reply.
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (endpoint.auth !== 'marketplace' || idempotencyKey === undefined) return run();
      const { reply: first, replayed } = await app.marketplaceCalls.once(
        name,
        String(idempotencyKey),
        request.rawBody ?? '',
        run,
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return first;
    }) as never,
  });
}

/** The header a marketplace filing's retry names its first request by. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
