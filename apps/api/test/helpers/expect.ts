import type { Reply } from './test-api';

/** A malformed id is refused by the schema, with its field named, before any query runs. */
export function expectMalformedId(reply: Reply, field = 'id'): void {
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual({ [field]: `${field} must be a valid uuid` });
}
