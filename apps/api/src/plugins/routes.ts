import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorReply, type Endpoint } from '@backoffice/shared-api/contract';

type QueryOf<E> = E extends { querystring: infer Q extends TSchema } ? Static<Q> : Record<string, never>;
type BodyOf<E> = E extends { body: infer B extends TSchema } ? Static<B> : undefined;
type ReplyOf<E> = E extends { reply: infer R extends TSchema } ? Static<R> : never;

export type Handler<E extends Endpoint> = (
  request: FastifyRequest<{ Querystring: QueryOf<E>; Body: BodyOf<E> }>,
  reply: FastifyReply,
) => Promise<Omit<ReplyOf<E>, 'statusCode'>>;

/**
 * Registers one endpoint of the contract: its path, its schemas (validation, serialisation and
 * OpenAPI from the same objects) and, unless it is public, the bearer-token check.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: { authenticate?: (request: FastifyRequest) => Promise<void> } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.reply, '4xx': ErrorReply, '5xx': ErrorReply },
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
    },
    ...(endpoint.auth && options.authenticate ? { preHandler: options.authenticate } : {}),
    // The envelope's statusCode always equals the HTTP status; a handler that returns has succeeded.
    handler: (async (request: never, reply: FastifyReply) => ({
      statusCode: 200,
      ...(await handler(request, reply)),
    })) as never,
  });
}
