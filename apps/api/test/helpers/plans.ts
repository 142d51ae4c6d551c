import pg from 'pg';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/**
 * Records every SELECT (or WITH) the server's database clients send, still running each one as it
 * would, until `stop()`: what a request ran, to explain afterwards.
 */
export function recordStatements(): { statements: CompiledQuery[]; stop(): void } {
  const statements: CompiledQuery[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args as [unknown, unknown];
    if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text)) {
      statements.push(CompiledQuery.raw(text, Array.isArray(values) ? values : []));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    statements,
    stop: () => {
      pg.Client.prototype.query = query;
    },
  };
}

/**
 * A statement's plan with sequential scans disabled, one line per node: the planner then still
 * chooses one only where no index can serve, so a Seq Scan left in it is a read of the whole table
 * at any size, whatever the test data's.
 */
export async function planWithoutSeqScans(db: Kysely<DB>, statement: CompiledQuery): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']);
  });
}
