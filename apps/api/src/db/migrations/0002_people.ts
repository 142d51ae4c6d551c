import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the influencers and requests lists. Written for PostgreSQL 15 and PGlite alike;
 * plain CREATE INDEX (not CONCURRENTLY), since migrations run inside a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The influencers list sorts by name: first, then last, then id for stable pages.
  await sql`CREATE INDEX users_role_name ON users (is_influencer, first_name, last_name, id)`.execute(db);
  // Search matches "first last"; the query writes the expression exactly like this, so it is used.
  await sql`CREATE INDEX users_full_name_trgm ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(
    db,
  );
  // The requests list unfiltered, newest first ((status, updated_at, id) serves the filtered one).
  await sql`CREATE INDEX influencer_requests_updated ON influencer_requests (updated_at, id)`.execute(db);
  // A user's requests (and the cascade when a user is deleted) without a scan.
  await sql`CREATE INDEX influencer_requests_user ON influencer_requests (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'influencer_requests_user',
    'influencer_requests_updated',
    'users_full_name_trgm',
    'users_role_name',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
}
