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
