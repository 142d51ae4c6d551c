import { sql, type Kysely } from 'kysely';

/**
 * Compressed copies of a release's files (brotli and gzip), made once when the release stores them
 * and sent to every browser that accepts them: a remote's scripts went out raw, ~3.5x their
 * compressed bytes on an admin's network. Null where the file does not compress (an image, a small
 * file) or was stored before this migration (the server fills those in the first time it serves
 * one, modules/releases/versions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE release_files ADD COLUMN br bytea, ADD COLUMN gzip bytea`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE release_files DROP COLUMN br, DROP COLUMN gzip`.execute(db);
}
