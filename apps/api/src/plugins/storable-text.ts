import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors';

/**
 * PostgreSQL text cannot hold U+0000, and jsonb refuses half of a surrogate pair: a value with
 * either would fail in the database as a 500. They never belong in what an admin types, so they
 * are refused up front, with the field named.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

const MESSAGE = 'contains a character that cannot be stored';

/** The top-level field of the first string (value or key) that cannot be stored, if any. */
function unstorableField(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? field : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, v] of Object.entries(value)) {
    const name = depth === 0 ? key : field;
    if (unstorable(key)) return name;
    const found = unstorableField(v, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.query, request.body]) {
      const field = unstorableField(part, 'request');
      if (field) throw badRequest(`${field} ${MESSAGE}`, { [field]: `${field} ${MESSAGE}` });
    }
  });
}
