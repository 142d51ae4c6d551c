import { sql, type Kysely } from 'kysely';

/**
 * The audit log becomes append-only and hash-chained (issue 28), enforced by the database itself,
 * so that no role the application uses can rewrite history, and a change made by whoever can get
 * around that (the table's owner disabling the trigger, a restored dump edited by hand) shows:
 *
 * - UPDATE, DELETE and TRUNCATE are refused by a statement trigger, for every role. The triggers
 *   are ENABLE ALWAYS, so that `session_replication_role = replica` does not skip them either. A
 *   TRUNCATE of an empty log is let through: it removes nothing, and the demo seed empties the
 *   tables it bulk-loads with it.
 * - Each entry gets `seq` (1, 2, 3… in the order entries were written, no gaps) and `hash` =
 *   SHA-256(hash of the entry before || UTF-8 of audit_log_canonical(entry)), the first entry's
 *   with nothing before it. Computed by a BEFORE INSERT trigger, so every path that writes an entry
 *   (the API, a psql session, a bulk COPY) chains it. `npm run audit -- verify` recomputes it.
 * - Entries are chained one at a time across every API instance: the trigger takes a
 *   transaction-level advisory lock before it reads the last entry, so a second writer waits until
 *   the first commits (or rolls back) and then chains onto what was committed. The lock is held to
 *   the end of the transaction; an audit entry is written last in its transaction, and on PGlite
 *   there is one connection anyway. The head is kept in a transaction-local setting after the first
 *   entry, so a bulk load does not look the last entry up again for every row (the seed drops the
 *   indexes while it loads).
 * - The canonical text is a JSON array of the entry's columns, the time written in UTC with
 *   to_char: it reads the same whatever the session's TimeZone, DateStyle or IntervalStyle.
 *
 * actor_id no longer sets itself to null when its admin is deleted (that would be an UPDATE of the
 * log, now refused): admins are deactivated, never deleted, and deleting one that acted is refused.
 */

/** pg_advisory_xact_lock's key for "writing the audit log": any constant other locks do not use. */
export const AUDIT_CHAIN_LOCK = 7_106_733_020_190_001n;

/** Where a transaction keeps the chain's head once it holds the lock: `seq:hex hash`. */
const HEAD_SETTING = 'backoffice.audit_chain_head';

/**
 * The text an entry's hash covers. Every column but the hash, in a fixed order, as JSON (so null
 * and '' differ, and no value can pose as a separator); the time in UTC to the microsecond.
 */
const CANONICAL = `
  CREATE FUNCTION audit_log_canonical(r audit_log) RETURNS text LANGUAGE sql STABLE AS $fn$
    SELECT jsonb_build_array(
      r.seq,
      r.id,
      to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      r.actor_id,
      r.actor_email,
      r.action,
      r.record_type,
      r.record_id,
      r.ip,
      r.before,
      r.after
    )::text
  $fn$`;

/**
 * Chains the new entry onto the last one. Keep it the only BEFORE INSERT trigger of audit_log (or
 * the last by name): a trigger after it changing the row would store a row its hash does not cover.
 */
const CHAIN = `
  CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $fn$
  DECLARE
    head text := current_setting('${HEAD_SETTING}', true);
    prev_seq bigint;
    prev_hash bytea;
  BEGIN
    IF head IS NULL OR head = '' THEN
      PERFORM pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK});
      SELECT l.seq, l.hash INTO prev_seq, prev_hash FROM audit_log l ORDER BY l.seq DESC LIMIT 1;
    ELSE
      prev_seq := split_part(head, ':', 1)::bigint;
      prev_hash := decode(split_part(head, ':', 2), 'hex');
    END IF;
    NEW.seq := coalesce(prev_seq, 0) + 1;
    NEW.hash := sha256(coalesce(prev_hash, ''::bytea) || convert_to(audit_log_canonical(NEW), 'UTF8'));
    PERFORM set_config('${HEAD_SETTING}', NEW.seq::text || ':' || encode(NEW.hash, 'hex'), true);
    RETURN NEW;
  END $fn$`;

const REFUSE = `
  CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF TG_OP = 'TRUNCATE' AND NOT EXISTS (SELECT 1 FROM audit_log) THEN
      RETURN NULL;
    END IF;
    RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'Audit entries are never changed or deleted; record a new entry instead.';
  END $fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN seq bigint, ADD COLUMN hash bytea`.execute(db);
  await sql.raw(CANONICAL).execute(db);

  // The entries already written, chained in the order they were written as far as it is known.
  // Collected first and applied in one UPDATE: the log's counting triggers then run once.
  await sql`CREATE TEMPORARY TABLE audit_log_chained (id uuid PRIMARY KEY, seq bigint, hash bytea)`.execute(db);
  await sql`
    DO $$
    DECLARE
      r audit_log;
      n bigint := 0;
      h bytea := ''::bytea;
    BEGIN
      FOR r IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
        n := n + 1;
        r.seq := n;
        h := sha256(h || convert_to(audit_log_canonical(r), 'UTF8'));
        INSERT INTO audit_log_chained (id, seq, hash) VALUES (r.id, n, h);
      END LOOP;
    END $$`.execute(db);
  await sql`UPDATE audit_log l SET seq = c.seq, hash = c.hash FROM audit_log_chained c WHERE c.id = l.id`.execute(db);
  await sql`DROP TABLE audit_log_chained`.execute(db);
  await sql`ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL, ALTER COLUMN hash SET NOT NULL`.execute(db);
  // The chain's order, and the guard against two writers ever taking the same place in it.
  await sql`CREATE UNIQUE INDEX audit_log_seq ON audit_log (seq)`.execute(db);

  await sql.raw(CHAIN).execute(db);
  await sql`CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`.execute(
    db,
  );
  await sql.raw(REFUSE).execute(db);
  await sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_chain`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_append_only`.execute(db);

  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_id_fkey`.execute(db);
  await sql`ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES admins(id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_id_fkey`.execute(db);
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey
    FOREIGN KEY (actor_id) REFERENCES admins(id) ON DELETE SET NULL`.execute(db);
  await sql`DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log`.execute(db);
  await sql`DROP TRIGGER IF EXISTS audit_log_chain ON audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_refuse_change()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_chain()`.execute(db);
  await sql`DROP INDEX IF EXISTS audit_log_seq`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_canonical(audit_log)`.execute(db);
  await sql`ALTER TABLE audit_log DROP COLUMN hash, DROP COLUMN seq`.execute(db);
}
