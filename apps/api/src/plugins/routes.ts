import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorReply,
  type BodyOf,
  type Endpoint,
  type EndpointAuth,
  type QueryOf,
  type ReplyOf,
} from '@backoffice/shared-api/contract';

export type Handler<E extends Endpoint> = (
  request: FastifyRequest<{ Querystring: QueryOf<E>; Body: BodyOf<E> }>,
  reply: FastifyReply,
) => Promise<Omit<ReplyOf<E>, 'statusCode'>>;

/** Checks a request's credential for one endpoint; throws 401 or 403 (an HttpError) to refuse it. */
export type Authenticator = (request: FastifyRequest, endpoint: Endpoint) => Promise<void>;
export type Authenticators = Record<Exclude<EndpointAuth, 'public'>, Authenticator>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticators: Authenticators;
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
  if (endpoint.auth === 'public') return { security: {}, hooks: {} };
  const check = app.hasDecorator('authenticators') ? app.authenticators[endpoint.auth] : undefined;
  if (typeof check !== 'function') {
    throw new Error(`${endpoint.method} ${endpoint.path} needs the '${endpoint.auth}' authenticator, and none is set`);
  }
  return {
    security: { security: [{ [SECURITY_SCHEMES[endpoint.auth]]: [] }] },
    hooks: { onRequest: (request: FastifyRequest) => check(request, endpoint) },
  };
}

/**
 * Registers one endpoint of the contract: its path, its schemas (validation, serialisation and
 * OpenAPI from the same objects) and the credential its `auth` names.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const { security, hooks } = protection(app, endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.reply, '4xx': ErrorReply, '5xx': ErrorReply },
      ...security,
    },
    ...hooks,
    // The envelope's statusCode always equals the HTTP status; a handler that returns has succeeded.
    handler: (async (request: never, reply: FastifyReply) => ({
      statusCode: 200,
      ...(await handler(request, reply)),
    })) as never,
  });
}
