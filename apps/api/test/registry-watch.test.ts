import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { changeRegistry, promoted } from '../src/modules/releases/registry';
import { watchRegistry, type RegistryWatch } from '../src/modules/releases/registry-watch';
import { POSTGRES_URL } from './helpers/constants';

/**
 * The registry every page load reads is held in each instance's memory; these check it is never
 * served stale: whatever changes the table, on whichever instance, every instance reads the change.
 */
const VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '2.0.0', '9.9.9'];

/** The versions the tests make current, as releases (the registry names only stored versions). */
const storeVersions = (database: Database) =>
  database.db
    .insertInto('release_versions')
    .values(
      VERSIONS.map((version) => ({
        remote: 'people',
        version,
        files: '{}',
        file_count: 0,
        bytes: 0,
        gate: '[]',
        released_by: 'test',
      })),
    )
    .execute();

const setCurrent = (database: Database, version: string) =>
  database.db
    .insertInto('release_registry')
    .values({ remote: 'people', current_version: version })
    .onConflict((oc) => oc.column('remote').doUpdateSet({ current_version: version }))
    .execute();

const currentOf = async (watch: RegistryWatch) =>
  (await watch.read()).find((s) => s.remote === 'people')?.current ?? null;

/** Reads until `watch` says `version` (a notification travels after the commit), at most 2 s. */
async function eventually(watch: RegistryWatch, version: string | null) {
  const until = Date.now() + 2000;
  let seen = await currentOf(watch);
  while (seen !== version && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    seen = await currentOf(watch);
  }
  return seen;
}

describe('the registry held in memory (embedded database)', () => {
  let database: Database;
  let watch: RegistryWatch;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-registry-watch-'));
  beforeAll(async () => {
    database = await openDatabase({ dataDir, memory: true });
    await storeVersions(database);
    watch = await watchRegistry(database);
  });
  afterAll(async () => {
    await watch.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads a change made by any statement at once, a deletion included', async () => {
    expect(await currentOf(watch)).toBeNull();
    await setCurrent(database, '1.0.0');
    expect(await currentOf(watch)).toBe('1.0.0');
    await setCurrent(database, '1.1.0');
    expect(await currentOf(watch)).toBe('1.1.0');
    await database.db.deleteFrom('release_registry').execute();
    expect(await currentOf(watch)).toBeNull();
  });

  it('does not keep a change rolled back', async () => {
    await setCurrent(database, '2.0.0');
    expect(await currentOf(watch)).toBe('2.0.0');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable('release_registry').set({ current_version: '9.9.9' }).execute();
        throw new Error('a failed release');
      }),
    ).rejects.toThrow('a failed release');
    expect(await currentOf(watch)).toBe('2.0.0');
  });
});

const onPostgres = POSTGRES_URL ? describe : describe.skip;

onPostgres('the registry held in memory by two instances on one PostgreSQL', () => {
  const name = `bo_watch_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-registry-watch-'));
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  let a: Database;
  let b: Database;
  let watchA: RegistryWatch;
  let watchB: RegistryWatch;
  /** A statement from outside the instances: an operator's psql (on the server's database unless `on`). */
  const admin = async (sql: string, on: string = POSTGRES_URL!) => {
    const c = new pg.Client({ connectionString: on });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    a = await openDatabase({ databaseUrl: url.toString(), dataDir });
    b = await openDatabase({ databaseUrl: url.toString(), dataDir, migrate: false });
    await storeVersions(a);
    [watchA, watchB] = [await watchRegistry(a), await watchRegistry(b)];
  });
  afterAll(async () => {
    await watchA?.close();
    await watchB?.close();
    await a?.close();
    await b?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads a change made through the other instance, or by an operator's SQL", async () => {
    await setCurrent(a, '1.0.0');
    expect(await eventually(watchB, '1.0.0')).toBe('1.0.0');
    expect(await eventually(watchA, '1.0.0')).toBe('1.0.0');
    await setCurrent(b, '1.1.0');
    expect(await eventually(watchA, '1.1.0')).toBe('1.1.0');
    await admin(`UPDATE release_registry SET current_version = '1.2.0'`, url.toString());
    expect(await eventually(watchA, '1.2.0')).toBe('1.2.0');
    expect(await eventually(watchB, '1.2.0')).toBe('1.2.0');
  });

  it('reads the database, never what it held, while its listening connection is lost, then listens again', async () => {
    expect(await eventually(watchB, '1.2.0')).toBe('1.2.0');
    // Cut B's listener off, then change the registry while nothing can tell B.
    await admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND query LIKE 'LISTEN%'`,
    );
    await admin(`UPDATE release_registry SET current_version = '1.3.0'`, url.toString());
    expect(await currentOf(watchB)).toBe('1.3.0');
    // Listening again (it reconnects within a second), B is told of the next change too.
    await new Promise((r) => setTimeout(r, 1500));
    await admin(`UPDATE release_registry SET current_version = '1.4.0'`, url.toString());
    expect(await eventually(watchB, '1.4.0')).toBe('1.4.0');
    const listeners = await admin(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}' AND query LIKE 'LISTEN%'`,
    );
    expect(listeners.rows[0].n).toBe(2);
  });

  it('reads a change this instance made at once, however late its notification arrives', async () => {
    // The notification travels over another connection after the commit; on a busy machine, after
    // the reply to the promote and the page load that follows it. Here it arrives a second late.
    let heard!: () => void;
    const listening = new Promise<void>((resolve) => (heard = resolve));
    const late: Database = {
      ...a,
      listen: (channel, on) =>
        a.listen(channel, {
          notify: () => void setTimeout(on.notify, 1000),
          listening(up) {
            on.listening(up);
            if (up) heard();
          },
        }),
    };
    const watch = await watchRegistry(late);
    try {
      // Listening, it holds what it reads (until then it reads the database every time).
      await listening;
      expect(await currentOf(watch)).toBe('1.4.0');
      await changeRegistry(a.db, 'people', undefined, async (s) => promoted(s, '2.0.0'), {
        action: 'release.promoted',
        recordId: 'people@2.0.0',
        who: { actorId: null, actorEmail: 'registry-watch test', ip: null },
      });
      expect(await currentOf(watch)).toBe('2.0.0');
    } finally {
      await watch.close();
    }
  });
});
