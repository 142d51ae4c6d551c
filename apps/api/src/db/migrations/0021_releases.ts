import { sql, type Kysely } from 'kysely';

/**
 * Releases of the remotes, shared by every instance (issue 29): what used to be a folder on one
 * instance's disk (RELEASES_DIR) and a registry file read from it.
 *
 * - release_files: every file of every version, stored once by its SHA-384 (the integrity value the
 *   shell checks), however many versions share it.
 * - release_versions: a remote's version as the server received it: its files by path (path → the
 *   SHA-384 it computed from the bytes it received: the integrity records), who released it, the gate.
 * - release_registry: per remote the current version, the ones before it, and the stage; every
 *   change is a compare-and-swap on `revision` in the transaction that writes its audit row.
 * - deploy_tokens: a remote team's credential for its own remote, stored as a SHA-256.
 * - release_figures: page views and failures per remote, version and hour, from the shell's beacon.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE release_files (
      hash text PRIMARY KEY,
      content bytea NOT NULL,
      size integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE release_versions (
      remote text NOT NULL,
      version text NOT NULL,
      files jsonb NOT NULL,
      file_count integer NOT NULL,
      bytes bigint NOT NULL,
      gate jsonb NOT NULL DEFAULT '[]'::jsonb,
      released_by text NOT NULL,
      released_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (remote, version)
    )`.execute(db);
  await sql`
    CREATE TABLE release_registry (
      remote text PRIMARY KEY,
      current_version text,
      history text[] NOT NULL DEFAULT '{}',
      staged_version text,
      staged_admins text[],
      staged_percent integer,
      staged_at timestamptz,
      staged_by text,
      halted jsonb,
      revision integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (remote, current_version) REFERENCES release_versions (remote, version),
      FOREIGN KEY (remote, staged_version) REFERENCES release_versions (remote, version)
    )`.execute(db);
  await sql`
    CREATE TABLE deploy_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      remote text NOT NULL,
      name text NOT NULL,
      token_hash bytea NOT NULL UNIQUE,
      created_by uuid REFERENCES admins (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX deploy_tokens_listed ON deploy_tokens (remote, created_at DESC) WHERE revoked_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE release_figures (
      remote text NOT NULL,
      version text NOT NULL,
      hour timestamptz NOT NULL,
      views integer NOT NULL DEFAULT 0,
      load_failures integer NOT NULL DEFAULT 0,
      integrity_failures integer NOT NULL DEFAULT 0,
      errors integer NOT NULL DEFAULT 0,
      PRIMARY KEY (remote, version, hour)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE release_figures`.execute(db);
  await sql`DROP TABLE deploy_tokens`.execute(db);
  await sql`DROP TABLE release_registry`.execute(db);
  await sql`DROP TABLE release_versions`.execute(db);
  await sql`DROP TABLE release_files`.execute(db);
}
