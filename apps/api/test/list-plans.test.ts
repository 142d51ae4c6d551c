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

  // A fans or influencers search reads people_names alone but the page's rows, and, when many
  // match, walks the list in its order through their dates there, not through users' wide rows.
  const searchPlans = async (list: string) => {
    statements.length = 0;
    await get({ label: 'search', path: `/admin/${list}`, query: { page: 1, limit: 10, search: 'ann' } });
    const search = statements.filter((s) => s.sql.includes('WITH matching AS'));
    expect(search.length).toBeGreaterThan(0);
    // EXPLAIN without ANALYZE: the walk's branch is in the plan whether or not the gate takes it.
    return Promise.all(search.map(async (s) => (await planWithoutSeqScans(api.database.db, s)).join('\n')));
  };

  it.each(['getAllFans', 'getAllInfluencers'])('%s search walks through people_names_role_created', async (list) => {
    for (const plan of await searchPlans(list)) {
      expect(plan).toContain('Index Scan Backward using people_names_role_created');
      expect(plan).not.toContain('users_role_created');
    }
  });

  it("finds a fans search's matches through the index of what the fans list shows, fans alone", async () => {
    for (const plan of await searchPlans('getAllFans')) {
      expect(plan).toContain('people_names_fan_shown_trgm');
      // It holds influencers and full names too: each candidate was read and tested twice.
      expect(plan).not.toContain('people_names_person_trgm');
    }
  });
});
