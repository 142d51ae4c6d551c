/**
 * PostgreSQL reports constraint violations with a SQLSTATE code and the constraint's name
 * (node-postgres and PGlite alike). Writers that race each other rely on these to answer 404/409
 * instead of 500 when a check made before the write no longer holds.
 */
interface PgError {
  code?: unknown;
  constraint?: unknown;
}

function violated(err: unknown, code: string): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as PgError;
  return e.code === code && typeof e.constraint === 'string' ? e.constraint : undefined;
}

/** The name of the unique index or constraint a write broke, if that is why it failed. */
export const uniqueViolation = (err: unknown) => violated(err, '23505');

/** The name of the foreign key a write broke (the row it points to is gone), if that is why it failed. */
export const foreignKeyViolation = (err: unknown) => violated(err, '23503');

/**
 * Whether a query failed because the database itself is away or not this release's (its server
 * restarting, the connection cut, the database dropped or recreated empty), not because of the
 * request: the client should be told to retry (503), not that the server broke (500). The pool makes
 * new connections by itself, so once the database is back, or restored, requests succeed again.
 */
export function databaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 08: connection exceptions; 57P01-57P03: shut down or not accepting connections; 3D000: no such
    // database; 42P01: no such table (a database recreated empty, not migrated).
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '3D000' || code === '42P01') return true;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT') return true;
  }
  return typeof message === 'string' && /^Connection terminated|timeout exceeded when trying to connect/.test(message);
}
