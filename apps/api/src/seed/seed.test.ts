import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { CALL_STATUSES, COUNTRY_CODES, DISCOUNT_CODE_TYPES } from '@backoffice/shared-api/contract';
import { openDatabase, type Database } from '../db/database';
import type { DB } from '../db/schema';
import {
  ONGOING_ENDED_AT,
  REFERENCE_INSTANT,
  seedCounts,
  seedDemo,
  SEED_FIXTURES,
  TABLE_ORDER,
  type SeedResult,
} from './seed';
import { REGIONS } from './names';
import { roleByKey } from '../modules/admins/roles';

const SCALE = 0.01;
const OPTIONS = { scale: SCALE, adminEmail: 'seed-admin@test.local', adminPassword: 'Seed-Test-Password-1' };

/** Every table the seed writes, admins and seed_runs aside (their rows hold a salted hash and now()). */
const DATA_TABLES = TABLE_ORDER;

async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [...DATA_TABLES, 'admins', 'seed_runs']) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}`.execute(db);
    out[t] = rows[0]!.n;
  }
  return out;
}

/** One hash per table over every column of every row, in id order; instants written in UTC, so
 *  that databases in different time zones compare. */
async function checksums(db: Kysely<DB>): Promise<Record<string, string>> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TIME ZONE 'UTC'`.execute(trx);
    const out: Record<string, string> = {};
    for (const t of DATA_TABLES) {
      const { rows } = await sql<{ h: string }>`
        SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) AS h FROM ${sql.table(t)} x`.execute(trx);
      out[t] = rows[0]!.h;
    }
    return out;
  });
}

/** What the seed sets aside during its load and must leave as it found it. */
async function schemaOf(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ d: string }>`
    SELECT 'index ' || indexdef AS d FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    ORDER BY 1`.execute(db);
  return rows.map((r) => r.d);
}

async function userId(db: Kysely<DB>, userName: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

async function activity(db: Kysely<DB>, id: string) {
  const { rows } = await sql<{ calls: number; txns: number; refunds: number; redemptions: number }>`
    SELECT
      (SELECT count(*)::int FROM video_calls WHERE host_id = ${id} OR receiver_id = ${id}) AS calls,
      (SELECT count(*)::int FROM transactions WHERE user_id = ${id}) AS txns,
      (SELECT count(*)::int FROM refunds WHERE user_id = ${id}) AS refunds,
      (SELECT count(*)::int FROM redemptions WHERE user_id = ${id}) AS redemptions`.execute(db);
  return rows[0]!;
}

describe('seedDemo', () => {
  let dir: string;
  let snapshot: Blob;
  let main: Database;
  const others: Database[] = [];
  let first: SeedResult;

  /** A second migrated, empty database: loaded from a snapshot, ten times cheaper than initdb. */
  async function freshDatabase(): Promise<Database> {
    const d = await openDatabase({ dataDir: dir, memory: true, loadDataDir: snapshot });
    others.push(d);
    return d;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-seed-test-'));
    main = await openDatabase({ dataDir: dir, memory: true });
    snapshot = await main.pglite!.dumpDataDir('none');
    first = await seedDemo(main.db, OPTIONS);
  }, 60_000);

  afterAll(async () => {
    for (const d of [main, ...others]) await d?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seeds once and reports what it inserted', async () => {
    expect(first.seeded).toBe(true);
    const counts = await countRows(main.db);
    for (const t of DATA_TABLES) expect(first.counts[t]).toBe(counts[t]);
    expect(counts.admins).toBe(1);
    const run = await main.db.selectFrom('seed_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ name: 'demo', scale: SCALE });
  });

  it('draws every picture inline, so no screen fetches anything from outside the product', async () => {
    const users = await main.db
      .selectFrom('users')
      .select(['main_profile_picture', 'profile_picture_one', 'profile_picture_two'])
      .execute();
    const pictures = users.flatMap((u) => [u.main_profile_picture, u.profile_picture_one, u.profile_picture_two]);
    expect(pictures.filter(Boolean).length).toBeGreaterThan(0);
    for (const p of pictures) expect(p === '' || p.startsWith('data:image/svg+xml')).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await countRows(main.db);
    const sums = await checksums(main.db);
    const again = await seedDemo(main.db, OPTIONS);
    expect(again.seeded).toBe(false);
    expect(again.counts).toEqual({});
    expect(await countRows(main.db)).toEqual(before);
    expect(await checksums(main.db)).toEqual(sums);
  });

  it('gives identical rows, ids and dates included, on a fresh database at the same scale', async () => {
    const other = await freshDatabase();
    await seedDemo(other.db, OPTIONS);
    const firstUsers = (db: Kysely<DB>) =>
      db.selectFrom('users').select(['id', 'user_name', 'created_at']).orderBy('id').limit(5).execute();
    expect(await firstUsers(other.db)).toEqual(await firstUsers(main.db));
    expect(await checksums(other.db)).toEqual(await checksums(main.db));
  }, 60_000);

  it('keeps an admin that already exists, and refuses a scale that is not positive', async () => {
    const other = await freshDatabase();
    await other.db
      .insertInto('admins')
      .values({
        role_id: roleByKey(other.db, 'owner'),
        first_name: 'Pre',
        last_name: 'Existing',
        email: OPTIONS.adminEmail,
        password_hash: 'kept',
      })
      .execute();
    const r = await seedDemo(other.db, OPTIONS);
    expect(r.counts.admins).toBe(0);
    const admins = await other.db.selectFrom('admins').select(['first_name', 'password_hash']).execute();
    expect(admins).toEqual([{ first_name: 'Pre', password_hash: 'kept' }]);
    await expect(seedDemo(other.db, { ...OPTIONS, scale: 0 })).rejects.toThrow(/positive/);
  }, 60_000);

  it('creates the admin with an argon2id hash', async () => {
    const admin = await main.db
      .selectFrom('admins')
      .selectAll()
      .where('email', '=', OPTIONS.adminEmail)
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ first_name: 'Ada', last_name: 'Admin', availability_status: '1' });
    expect(admin.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('has fans, influencers and requests in the scaled numbers', async () => {
    const counts = seedCounts(SCALE);
    const roles = await main.db
      .selectFrom('users')
      .select(['is_influencer', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('is_influencer')
      .execute();
    expect(Object.fromEntries(roles.map((r) => [String(r.is_influencer), Number(r.n)]))).toEqual({
      false: counts.fans + 3,
      true: counts.influencers,
    });
    const requests = await main.db
      .selectFrom('influencer_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.status', 'u.is_influencer'])
      .execute();
    const pending = requests.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(counts.pendingRequests);
    for (const r of pending) expect(r.is_influencer).toBe(false);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
  });

  it('gives users valid, unique and mostly filled profiles', async () => {
    const users = await main.db.selectFrom('users').selectAll().execute();
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
    for (const u of users) {
      expect(u.email).toMatch(/@example\.com$/);
      if (u.country !== null) expect(COUNTRY_CODES).toContain(u.country.trim());
      expect(Array.isArray(u.social_media)).toBe(true);
      for (const link of u.social_media) expect(link.type === null || (link.type >= 1 && link.type <= 6)).toBe(true);
      if (u.is_influencer) {
        expect(u.call_charges_per_min_cents).toBeGreaterThan(0);
        expect(u.category.length).toBeGreaterThan(0);
      }
    }
    for (const r of REGIONS) expect(COUNTRY_CODES).toContain(r.country);
  });

  it('has calls in all seven statuses, with start and end times that fit the status', async () => {
    const calls = await main.db.selectFrom('video_calls').selectAll().execute();
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(CALL_STATUSES));
    for (const c of calls) {
      if (c.status === 'Ongoing') {
        expect(c.started_at).not.toBeNull();
        expect(c.ended_at!.toISOString()).toBe(ONGOING_ENDED_AT);
      } else if (c.status === 'Completed') {
        const minutes = (c.ended_at!.getTime() - c.started_at!.getTime()) / 60_000;
        expect(minutes).toBeGreaterThanOrEqual(3);
        expect(minutes).toBeLessThanOrEqual(60);
        expect(c.earn_amount_cents).toBeLessThanOrEqual(c.transaction_total_cents);
      } else {
        expect(c.started_at).toBeNull();
        expect(c.ended_at).toBeNull();
      }
      expect(c.refunded_amount_cents).toBeLessThanOrEqual(c.transaction_total_cents);
    }
  });

  it('keeps money fields consistent', async () => {
    const txns = await main.db.selectFrom('transactions').selectAll().execute();
    expect(new Set(txns.map((t) => t.type))).toEqual(new Set(['video_call', 'wallet_top_up', 'tip']));
    expect(new Set(txns.map((t) => t.status))).toEqual(new Set(['pending', 'completed', 'failed', 'refunded']));
    for (const t of txns) {
      expect(t.transaction_id).toMatch(/^txn_[0-9a-f]{16}$/);
      if (t.order_id !== null) expect(t.order_id).toMatch(/^ord_[0-9a-f]{12}$/);
      expect(t.payable_amount_cents).toBeLessThanOrEqual(t.amount_cents);
      expect(t.hold_amount_cents + t.released_amount_cents).toBeLessThanOrEqual(t.payable_amount_cents);
      expect(t.earning_cents).toBeLessThanOrEqual(t.released_amount_cents);
      expect(t.influencer_id === null).toBe(t.type === 'wallet_top_up');
    }
    const unpaid = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM payout_requests r LEFT JOIN payouts p ON p.payout_request_id = r.id
      WHERE (r.status = 'approved') <> (p.id IS NOT NULL)`.execute(main.db);
    expect(unpaid.rows[0]!.n).toBe(0);
  });

  it('has every discount code type, some inactive, with total_redeem equal to the redemptions', async () => {
    const codes = await main.db.selectFrom('discount_codes').selectAll().execute();
    expect(new Set(codes.map((c) => c.type))).toEqual(new Set(DISCOUNT_CODE_TYPES));
    expect(codes.some((c) => c.status === 'Inactive')).toBe(true);
    const used = await main.db
      .selectFrom('redemptions')
      .select(['discount_code_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('discount_code_id')
      .execute();
    const byCode = new Map(used.map((u) => [u.discount_code_id, Number(u.n)]));
    for (const c of codes) {
      expect(c.total_redeem).toBe(byCode.get(c.id) ?? 0);
      expect(c.total_redeem).toBeLessThanOrEqual(c.redeem_limit);
    }
  });

  it('has the email templates with their placeholders, and notifications with the sender placeholder', async () => {
    const templates = await main.db.selectFrom('email_templates').selectAll().execute();
    const byKey = new Map(templates.map((t) => [t.key, t]));
    for (const key of [
      'forgot-password',
      'influencer-request-approved',
      'influencer-request-rejected',
      'welcome',
      'payout-approved',
    ]) {
      expect(byKey.has(key)).toBe(true);
    }
    expect(byKey.get('forgot-password')!.placeholders).toEqual(['firstName', 'resetLink', 'expiresInMinutes']);
    expect(byKey.get('influencer-request-rejected')!.placeholders.sort()).toEqual([
      'displayName',
      'firstName',
      'reason',
    ]);
    for (const t of templates) {
      for (const p of t.placeholders) expect(`${t.subject}${t.content}`).toContain(`{{${p}}}`);
    }
    const notes = await main.db.selectFrom('notifications').selectAll().execute();
    expect(notes.length).toBe(seedCounts(SCALE).notifications);
    for (const n of notes) {
      expect(n.description).toContain('{{senderName}}');
      expect(n.sender_id).not.toBeNull();
    }
  });

  it('gives the empty fan nothing and the busy and inactive fans their documented activity', async () => {
    const empty = await activity(main.db, await userId(main.db, SEED_FIXTURES.emptyFan.userName));
    expect(empty).toEqual({ calls: 0, txns: 0, refunds: 0, redemptions: 0 });

    const busyId = await userId(main.db, SEED_FIXTURES.busyFan.userName);
    const busy = await activity(main.db, busyId);
    const fixture = SEED_FIXTURES.busyFan;
    expect(busy).toEqual({
      calls: fixture.calls,
      txns: fixture.transactions,
      refunds: fixture.refunds,
      redemptions: fixture.redemptions,
    });
    // More than two pages of 10 in every fan-detail table.
    for (const n of Object.values(busy)) expect(n).toBeGreaterThanOrEqual(12);
    expect(busy.calls).toBeGreaterThanOrEqual(25);
    expect(busy.txns).toBeGreaterThanOrEqual(25);
    const statuses = await main.db.selectFrom('video_calls').select('status').where('host_id', '=', busyId).execute();
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['Ongoing', 'Completed']));
    const withoutOrder = await main.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', busyId)
      .where('order_id', 'is', null)
      .execute();
    expect(withoutOrder.length).toBeGreaterThan(0);

    const inactiveId = await userId(main.db, SEED_FIXTURES.inactiveFan.userName);
    const inactive = await activity(main.db, inactiveId);
    expect(inactive).toEqual({
      calls: SEED_FIXTURES.inactiveFan.calls,
      txns: SEED_FIXTURES.inactiveFan.transactions,
      refunds: SEED_FIXTURES.inactiveFan.refunds,
      redemptions: SEED_FIXTURES.inactiveFan.redemptions,
    });
    const profile = await main.db
      .selectFrom('users')
      .select(['status', 'main_profile_picture', 'last_login_at'])
      .where('id', '=', inactiveId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ status: '0', main_profile_picture: '', last_login_at: null });
  });

  it('leaves the planner fresh statistics', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_user_tables
      WHERE relname IN ('users', 'video_calls', 'transactions') AND last_analyze IS NULL`.execute(main.db);
    expect(rows[0]!.n).toBe(0);
  });
  it('generates rows already moved to the seeding moment, an ongoing call still ending at the epoch', async () => {
    const shiftMs = 10 * 86_400_000 + 1234;
    const now = new Date(Date.parse(REFERENCE_INSTANT) + shiftMs);
    const other = await freshDatabase();
    await seedDemo(other.db, { ...OPTIONS, now });
    const instants = (db: Kysely<DB>) =>
      db
        .selectFrom('video_calls')
        .select(['id', 'created_at', 'started_at', 'ended_at', 'status'])
        .orderBy('id')
        .execute();
    const [moved, fixed] = [await instants(other.db), await instants(main.db)];
    expect(moved.map((c) => c.id)).toEqual(fixed.map((c) => c.id));
    moved.forEach((c, i) => {
      const f = fixed[i]!;
      expect(c.created_at.getTime() - f.created_at.getTime()).toBe(shiftMs);
      if (c.status === 'Ongoing') {
        expect(c.ended_at!.toISOString()).toBe(ONGOING_ENDED_AT);
        expect(now.getTime() - c.started_at!.getTime()).toBeLessThan(45 * 60_000);
      } else if (c.ended_at) expect(c.ended_at.getTime() - f.ended_at!.getTime()).toBe(shiftMs);
    });
    const newest = await other.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.max('created_at').as('t'))
      .executeTakeFirstOrThrow();
    expect(new Date(newest.t as Date).getTime()).toBeLessThanOrEqual(now.getTime());
  }, 60_000);

  it('says how far each table is, and leaves keys, indexes and triggers as they were', async () => {
    const other = await freshDatabase();
    const before = await schemaOf(other.db);
    const lines: string[] = [];
    await seedDemo(other.db, { ...OPTIONS, log: (m) => lines.push(m), progressEveryMs: 0 });
    expect(lines).toContainEqual(
      expect.stringMatching(/^seed: transactions [\d,]+ \/ [\d,]+ rows, [\d,]+ rows\/s, about \d+ (s|min) left$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^seed: transactions [\d,]+ rows in [\d.]+ s/));
    expect(await schemaOf(other.db)).toEqual(before);
  }, 60_000);

  it('leaves nothing behind when it fails half way, and seeds in full the next time', async () => {
    const other = await freshDatabase();
    const before = await schemaOf(other.db);
    const failing = (m: string) => {
      if (m.startsWith('seed: transactions')) throw new Error('stopped half way');
    };
    await expect(seedDemo(other.db, { ...OPTIONS, log: failing, progressEveryMs: 0 })).rejects.toThrow(/half way/);
    const after = await countRows(other.db);
    for (const t of [...DATA_TABLES, 'seed_runs', 'admins']) expect(after[t]).toBe(0);
    expect(await schemaOf(other.db)).toEqual(before);
    expect((await seedDemo(other.db, OPTIONS)).seeded).toBe(true);
    expect(await checksums(other.db)).toEqual(await checksums(main.db));
  }, 60_000);

  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
  (postgresUrl ? describe : describe.skip)('on PostgreSQL, through COPY', () => {
    const name = `bo_seed_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    let url: string;
    let pgDatabase: Database;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(text);
      await client.end();
    };

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${name}`);
      const u = new URL(postgresUrl);
      u.pathname = `/${name}`;
      url = u.toString();
      pgDatabase = await openDatabase({ databaseUrl: url, dataDir: dir });
    }, 60_000);

    afterAll(async () => {
      await pgDatabase?.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('leaves nothing behind when it fails half way', async () => {
      const before = await schemaOf(pgDatabase.db);
      const failing = (m: string) => {
        if (m.startsWith('seed: refunds')) throw new Error('stopped half way');
      };
      await expect(
        seedDemo(pgDatabase.db, { ...OPTIONS, databaseUrl: url, log: failing, progressEveryMs: 0 }),
      ).rejects.toThrow(/half way/);
      const after = await countRows(pgDatabase.db);
      for (const t of [...DATA_TABLES, 'seed_runs', 'admins']) expect(after[t]).toBe(0);
      expect(await schemaOf(pgDatabase.db)).toEqual(before);
    }, 60_000);

    it('writes the very rows the embedded database gets', async () => {
      const r = await seedDemo(pgDatabase.db, { ...OPTIONS, databaseUrl: url });
      expect(r.counts).toEqual(first.counts);
      expect(await checksums(pgDatabase.db)).toEqual(await checksums(main.db));
    }, 60_000);
  });
});
