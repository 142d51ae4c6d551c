import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/db/database';
import { MIGRATION_NAMES, migrateDown, migrationStatus } from '../src/db/migrations';

const run = promisify(execFile);
const API_DIR = path.resolve(__dirname, '..');

describe('migrations across releases', () => {
  it('starts on a database a newer release migrated, with a warning, and refuses to undo what it does not know', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-migrations-'));
    try {
      const first = await openDatabase({ dataDir, memory: true });
      const db = first.db as unknown as Kysely<unknown>;
      const known = (await migrationStatus(db)).known.map((m) => m.name);
      // What a newer release would have done: an added table, recorded as its migration.
      await sql`CREATE TABLE newer_release_things (id int)`.execute(db);
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9000_newer_release', ${new Date().toISOString()})`.execute(
        db,
      );
      const dump = await first.pglite!.dumpDataDir();
      await first.close();

      // This release, started on that database (the rollback case), starts and says why it warns.
      const warnings: string[] = [];
      const rolledBack = await openDatabase({
        dataDir,
        memory: true,
        loadDataDir: dump,
        warn: (m) => warnings.push(m),
      });
      try {
        expect(warnings).toEqual([
          'The database has migrations this release does not know (9000_newer_release): a newer release ran them. It is left as it is; this release runs on it.',
        ]);
        const status = await migrationStatus(rolledBack.db as unknown as Kysely<unknown>);
        expect(status.newer).toEqual(['9000_newer_release']);
        expect(status.known.map((m) => m.name)).toEqual(known);
        expect(status.known.every((m) => m.executedAt)).toBe(true);
        await expect(migrateDown(rolledBack.db as unknown as Kysely<unknown>)).rejects.toThrow(
          "The last migration, 9000_newer_release, was run by a newer release: undo it with that release's npm run migrate -- down",
        );
        // Its data still answers.
        expect(
          Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM admins`.execute(rolledBack.db)).rows[0]!.n),
        ).toBeGreaterThanOrEqual(0);
      } finally {
        await rolledBack.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two embedded databases built from nothing (every migration run, then a dump loaded): 98 s on
    // a loaded CI machine, where the default 60 s cut it short.
  }, 180_000);

  it('npm run migrate -- status, up and down on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-migrate-cli-'));
    const migrate = (command: string) =>
      run(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts', command], {
        cwd: API_DIR,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).then((r) => r.stdout);
    try {
      // Three opens of the database: each command is a process of its own, as an operator runs it.
      const up = await migrate('up');
      const [previous, latest] = MIGRATION_NAMES.slice(-2);
      expect(up).toMatch(new RegExp(`^Ran ${MIGRATION_NAMES.length}: 0001_initial, .*${latest}$`, 'm'));
      expect(await migrate('down')).toBe(`Undid ${latest}\n`);
      const status = await migrate('status');
      expect(status).toMatch(
        new RegExp(
          `^\\d{4}-\\d\\d-\\d\\dT\\S+\\s+${previous}\npending\\s+${latest}\n1 pending: npm run migrate -- up$`,
          'm',
        ),
      );
      await expect(migrate('sideways')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Usage: npm run migrate -- status | up | down'),
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
