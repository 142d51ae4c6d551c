import type { CompiledQuery } from 'kysely';
import { listRequests, otherRequests, type Request } from '../bench/mix';
import { planWithoutSeqScans, recordStatements } from './helpers/plans';
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
  'audit_log',
];

describe('the query plan of every request of the bench:api mix', () => {
  let api: TestApi;
  let token: string;
  let recorder: ReturnType<typeof recordStatements>;
  let statements: CompiledQuery[];

  beforeAll(async () => {
    api = await startTestApi('pglite');
    token = await api.signIn();
    recorder = recordStatements();
    statements = recorder.statements;
  });
  afterAll(async () => {
    recorder?.stop();
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
    return (await planWithoutSeqScans(api.database.db, statement))
      .map((line) => /Seq Scan on (\w+)/.exec(line)?.[1])
      .filter((t): t is string => t !== undefined && LARGE_TABLES.includes(t));
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

  it("finds a fans search's matches through the index of what the fans list shows, among fans alone", async () => {
    statements.length = 0;
    await get({ label: 'fans search', path: '/admin/getAllFans', query: { page: 1, limit: 10, search: 'ann' } });
    const search = statements.filter((s) => s.sql.includes('WITH matching AS'));
    expect(search.length).toBeGreaterThan(0);
    for (const statement of search) {
      const plan = (await planWithoutSeqScans(api.database.db, statement)).join('\n');
      // people_names_person_trgm holds influencers and full names too: each candidate read, tested twice.
      expect(plan).toContain('people_names_fan_shown_trgm');
      expect(plan).not.toContain('people_names_person_trgm');
    }
  });
});
