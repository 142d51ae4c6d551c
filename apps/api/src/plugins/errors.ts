import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PATTERN_MESSAGES } from '@backoffice/shared-api/contract';
import { isShellPath } from '@backoffice/shared-api/screens';
import { HttpError } from '../lib/http-errors';
import { databaseUnavailable } from '../lib/db-errors';

interface AjvError {
  instancePath?: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

function fieldOf(e: AjvError, context: string | undefined): string {
  if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
    return e.params.missingProperty;
  }
  const path = (e.instancePath ?? '').replace(/^\//, '').split('/')[0];
  return path || context || 'request';
}

function messageOf(e: AjvError, field: string): string {
  switch (e.keyword) {
    case 'required':
      return `${field} is required`;
    case 'format':
      return `${field} must be a valid ${String(e.params?.format)}`;
    case 'anyOf':
    case 'union':
    case 'enum':
    case 'const':
      return `${field} has an unsupported value`;
    case 'maxLength':
      return `${field} must be at most ${String(e.params?.limit)} characters`;
    case 'minLength':
      return Number(e.params?.limit) === 1
        ? `${field} is required`
        : `${field} must be at least ${String(e.params?.limit)} characters`;
    case 'minimum':
      return `${field} must be at least ${String(e.params?.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(e.params?.limit)}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(e.params?.limit)}`;
    case 'multipleOf':
      // Money fields are multiples of 0.01: say it in the admin's words.
      return Number(e.params?.multipleOf) === 0.01
        ? `${field} must be in whole cents (at most 2 decimals)`
        : `${field} must be a multiple of ${String(e.params?.multipleOf)}`;
    case 'pattern':
      return PATTERN_MESSAGES[String(e.params?.pattern)] ?? `${field} is not in the expected format`;
    case 'type':
      return `${field} must be ${String(e.params?.type)}`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}

/**
 * One error shape for everything: `{ statusCode, message, errors? }`. Client mistakes keep their
 * 4xx status with a message written for people; anything else is logged and answered with a
 * generic 500 that never carries a stack trace or SQL.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Serves the shell's index.html for browser routes (/app/...); set once the web build is known. */
  web: { spaFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined } = {},
): void {
  app.setErrorHandler(
    (error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send({
          statusCode: error.statusCode,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (error.validation) {
        const errors: Record<string, string> = {};
        for (const e of error.validation) {
          const field = fieldOf(e, error.validationContext);
          // the first problem with a field is the one worth showing
          errors[field] ??= messageOf(e, field);
        }
        return reply.status(400).send({ statusCode: 400, message: Object.values(errors).join('; '), errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({
          statusCode: status,
          message: (error.code && FRIENDLY[error.code]) || error.message || 'Bad request',
        });
      }
      request.log.error({ err: error }, 'request failed');
      if (databaseUnavailable(error)) {
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({ statusCode: 503, message: 'The database is not available right now; try again shortly' });
      }
      return reply.status(500).send({ statusCode: 500, message: 'Internal server error' });
    },
  );

  app.setNotFoundHandler((request, reply) => {
    // Only the shell's own paths get its page: /healthz, /metrics on the wrong port, a typo or a
    // scanner's probe get a 404 a monitor or a script can tell from a page.
    const isPageRoute = (request.method === 'GET' || request.method === 'HEAD') && isShellPath(request.url);
    if (isPageRoute && web.spaFallback) {
      const sent = web.spaFallback(request, reply);
      if (sent) return sent;
    }
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    return reply.status(404).send({ statusCode: 404, message: `No route for ${request.method} ${path}` });
  });
}
