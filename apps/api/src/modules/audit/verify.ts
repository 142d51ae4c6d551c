import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The check behind `npm run audit -- verify`: every entry's hash recomputed from its canonical text
 * (audit_log_canonical, migration 0019) and the hash of the entry before it, in the chain's order.
 * The hashing is done here, not by the database's trigger function, so a trigger replaced to write
 * other hashes does not vouch for itself.
 */

export interface ChainBreak {
  id: string;
  seq: number;
  createdAt: string;
  action: string;
  /** What does not hold, for the operator. */
  problem: string;
}

export type Verification =
  | { intact: true; entries: number; last: { seq: number; createdAt: string; hash: string } | null }
  | { intact: false; entries: number; broken: ChainBreak };

/** Entries read per query: a few MB, a constant whatever the log's size. */
export const VERIFY_PAGE_SIZE = 5000;

interface ChainRow {
  id: string;
  seq: number;
  /** ISO 8601 UTC, written by the database: the driver reads dates only in the ISO DateStyle. */
  created_at: string;
  action: string;
  hash: Buffer;
  canonical: string;
}

/** Whether this database's audit log is chained (migration 0019 has run). */
export async function auditLogIsChained(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ fn: string | null }>`
    SELECT to_regprocedure('audit_log_canonical(audit_log)')::text AS fn`.execute(db);
  return rows[0]?.fn != null;
}

/**
 * Walks the log in the chain's order, a page at a time (keyset on seq: each page costs the same at
 * any depth, and nothing but one page is held), and stops at the first entry whose place or hash
 * does not hold. `entries` counts the entries found good before it.
 */
export async function verifyAuditLog(
  db: Kysely<DB>,
  opts: { pageSize?: number; progress?: (checked: number) => void } = {},
): Promise<Verification> {
  const pageSize = opts.pageSize ?? VERIFY_PAGE_SIZE;
  let previous: Buffer = Buffer.alloc(0);
  let expected = 1;
  let last: ChainRow | undefined;
  for (;;) {
    const page = (await db
      .selectFrom('audit_log as l')
      .select([
        'l.id',
        'l.seq',
        sql<string>`to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
        'l.action',
        'l.hash',
        sql<string>`audit_log_canonical(l)`.as('canonical'),
      ])
      .where('l.seq', '>', expected - 1)
      .orderBy('l.seq')
      .limit(pageSize)
      .execute()) as ChainRow[];
    for (const row of page) {
      const broken = (problem: string): Verification => ({
        intact: false,
        entries: expected - 1,
        broken: { id: row.id, seq: row.seq, createdAt: row.created_at, action: row.action, problem },
      });
      if (row.seq < expected) return broken(`another entry already holds place ${row.seq} of the chain`);
      if (row.seq !== expected) {
        const missing = expected === row.seq - 1 ? `entry ${expected} is` : `entries ${expected} to ${row.seq - 1} are`;
        return broken(`${missing} missing before it: deleted after they were written`);
      }
      const hash = crypto.createHash('sha256').update(previous).update(row.canonical, 'utf8').digest();
      if (!hash.equals(row.hash)) {
        return broken(
          expected === 1
            ? 'its hash does not match its content: it was changed after it was written'
            : 'its hash does not match its content and the hash of the entry before it: it, or the entry before it, was changed after it was written',
        );
      }
      previous = row.hash;
      expected++;
      last = row;
    }
    opts.progress?.(expected - 1);
    if (page.length < pageSize) break;
  }
  return {
    intact: true,
    entries: expected - 1,
    last: last ? { seq: last.seq, createdAt: last.created_at, hash: last.hash.toString('hex') } : null,
  };
}

/** The triggers that make the log append-only and chained, each as it should be: present, always on. */
const PROTECTION = ['audit_log_append_only', 'audit_log_chain'] as const;

/**
 * What is wrong with the database's own guard of the log: a trigger missing or not ENABLE ALWAYS
 * (disabled, or skipped when session_replication_role is replica). Empty when all is as migrated.
 */
export async function auditLogProtectionProblems(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string; enabled: string }>`
    SELECT tgname AS name, tgenabled::text AS enabled FROM pg_trigger
    WHERE tgrelid = 'audit_log'::regclass AND tgname = ANY (${sql.val([...PROTECTION])}::text[])`.execute(db);
  const found = new Map(rows.map((r) => [r.name, r.enabled]));
  return PROTECTION.flatMap((name) => {
    const enabled = found.get(name);
    if (enabled === undefined) return [`the trigger ${name} is missing`];
    if (enabled === 'D') return [`the trigger ${name} is disabled`];
    if (enabled !== 'A') return [`the trigger ${name} is not ENABLE ALWAYS (it is skipped in replica mode)`];
    return [];
  });
}
