import pg from 'pg';
import { CompiledQuery, sql } from 'kysely';
import { listRequests, otherRequests, type Request } from '../bench/mix';
import { startTestApi, type TestApi } from './helpers/test-api';

/**
 * Every request of bench:api's mix (every list's first, middle and last page, a search, each sort
 * and filter; the fan detail tabs, the dashboard, the totals) has a plan that reads no table that
 * grows with the marketplace from end to end. Each statement a request runs is explained with
 * sequential scans disabled: the planner then still chooses one only where no index can serve, so
 * a Seq Scan left in the plan is a request that would read millions of rows at scale, whatever the
 * demo data's size. (PGlite: the same planner as PostgreSQL; at the test's tiny scale it would
 * rightly prefer scans otherwise.)
 */
const LARGE_TABLES = [
  'users',
  'influencer_requests',
  'video_calls',
  'transactions',
  'refunds',
  'payout_requests',
  'payouts',
  'redemptions',
  'notifications',
];

describe('the query plan of every request of the bench:api mix', () => {
  let api: TestApi;
  let token: string;
  const statements: CompiledQuery[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    token = await api.signIn();
    // Recorded, not replaced: every statement still runs as it would.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text, values] = args as [unknown, unknown];
      if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text)) {
        statements.push(CompiledQuery.raw(text, Array.isArray(values) ? values : []));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await api?.close();
  });

  const get = async (r: Request) => {
    const reply = await api.call('GET', r.path, {
      token,
      query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, String(v)])),
    });
    if (reply.status !== 200) throw new Error(`${r.label}: ${reply.status} ${reply.body.message}`);
    return reply.body;
  };

  /** The tables a statement would read from end to end, from its plan. */
  async function scannedTables(statement: CompiledQuery): Promise<string[]> {
    return api.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${statement.sql}`, [...statement.parameters]),
      );
      return rows
        .map((r) => /Seq Scan on (\w+)/.exec(r['QUERY PLAN'])?.[1])
        .filter((t): t is string => t !== undefined && LARGE_TABLES.includes(t));
    });
  }

  it('reads no large table from end to end', async () => {
    const mix = [...(await listRequests(get)), ...(await otherRequests(get))];
    expect(mix.length).toBeGreaterThan(150);
    const scans: string[] = [];
    for (const r of mix) {
      statements.length = 0;
      await get(r);
      const ran = [...statements];
      expect(ran.length).toBeGreaterThan(0);
      for (const s of ran) {
        const tables = await scannedTables(s);
        if (tables.length) scans.push(`${r.label}: ${tables.join(', ')}\n    ${s.sql.slice(0, 300)}`);
      }
    }
    expect(scans).toEqual([]);
  }, 120_000);
});
