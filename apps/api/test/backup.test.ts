import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database';
import { verifyAuditLog } from '../src/modules/audit/verify';
import { http, spawnApi, type ApiProcess } from './helpers/process';

const API_DIR = path.resolve(__dirname, '..');
const READY = 'Back office API ready';
const ADMIN = { SEED_ADMIN_EMAIL: 'backup@test.local', SEED_ADMIN_PASSWORD: 'Backup-Password-123' };
/** The server's and the commands' own settings only: the embedded database in DATA_DIR, its own secrets. */
const CLEAN = {
  DATABASE_URL: '',
  REDIS_URL: '',
  AUTH_SECRET: '',
  SMTP_URL: '',
  METRICS_TOKEN: '',
  EMBEDDED_DB: 'disk',
  SEED_SCALE: '0.01',
  RELEASE_LOCAL_BUILDS: 'false',
  ...ADMIN,
};
/** Tables whose rows the backup must hold as they were. */
const TABLES = ['admins', 'roles', 'users', 'video_calls', 'transactions', 'payouts', 'email_templates'] as const;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …` as its script runs it. */
function runCli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
      cwd: API_DIR,
      env: { ...process.env, ...CLEAN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function stop(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}

async function signIn(api: ApiProcess): Promise<string> {
  const res = await http(api.port, 'POST', '/admin/signIn', {
    email: ADMIN.SEED_ADMIN_EMAIL,
    password: ADMIN.SEED_ADMIN_PASSWORD,
  });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

interface Contents {
  rows: Record<string, number>;
  audit: number;
  /** The fan the writer toggled: its status, and how many audited changes of it since `since`. */
  fan: { status: string; changes: number };
}

/** What the stopped server's database holds, read by opening it here; the audit chain checked whole. */
async function contents(dataDir: string, fanId: string, since: Date): Promise<Contents> {
  const database = await openDatabase({ dataDir, migrate: false, warn: () => undefined });
  try {
    const rows: Record<string, number> = {};
    for (const table of TABLES) {
      const { rows: r } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
        database.db,
      );
      rows[table] = r[0]!.n;
    }
    const verified = await verifyAuditLog(database.db);
    expect(verified.intact).toBe(true);
    const fan = await database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', fanId)
      .executeTakeFirstOrThrow();
    const { n: changes } = await database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('record_id', '=', fanId)
      // the seed's own entries, some of them about this fan, are older
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { rows, audit: verified.entries, fan: { status: fan.status, changes: Number(changes) } };
  } finally {
    await database.close();
  }
}

describe('npm run backup and npm run restore (the embedded database)', () => {
  let root: string;
  let dataDir: string;
  const servers: ApiProcess[] = [];
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-backup-'));
    dataDir = path.join(root, 'data');
  });
  afterAll(async () => {
    for (const s of servers) await stop(s);
    fs.rmSync(root, { recursive: true, force: true });
  });
  const start = async () => {
    const api = await spawnApi({ ...CLEAN, DATA_DIR: dataDir });
    servers.push(api);
    await api.waitFor(READY, 180_000);
    return api;
  };

  it('backs up while the server runs and writes, wipes, restores: the same rows, a working sign-in', async () => {
    const env = { DATA_DIR: dataDir };
    const file = path.join(root, 'backoffice.tar.gz');
    const first = await start();
    const token = await signIn(first);
    const fans = await http(first.port, 'GET', '/admin/getAllFans?limit=1', undefined, token);
    const fanId = fans.body.data[0]._id as string;
    const original = fans.body.data[0].status as string;

    // A writer toggles the fan's status (each change and its audit entry in one transaction) all
    // through the backup: the backup has each change with its entry, or neither.
    const since = new Date();
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        const status = writes % 2 === 0 ? (original === '1' ? '0' : '1') : original;
        const res = await http(
          first.port,
          'PATCH',
          `/admin/changeStatus?id=${fanId}&status=${status}`,
          undefined,
          token,
        );
        expect(res.status).toBe(200);
        writes += 1;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const backup = await runCli('backup', [file], env);
    writing = false;
    await writer;
    expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      new RegExp(
        `Backed up the embedded database in .* to ${file}: .*; made by the running server \\(pid ${first.child.pid}\\)`,
      ),
    );
    expect(backup.stdout).toContain(`Not in the backup: ${path.join(dataDir, 'auth-secret')}`);
    expect(writes).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // the copy it streamed from is gone
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([]);

    // an existing file is left alone
    const again = await runCli('backup', [file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${file} exists: name another file, or add --force to replace it.`);

    // no restore under a running server: refused, nothing changed, it keeps serving
    const before = fs.readdirSync(dataDir).sort();
    const refused = await runCli('restore', [file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The embedded database in ${dataDir} is in use by a running server (pid ${first.child.pid}). Stop it`,
    );
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect((await http(first.port, 'GET', `/admin/getFanDetail?id=${fanId}`, undefined, token)).status).toBe(200);

    await stop(first);
    const live = await contents(dataDir, fanId, since);
    expect(live.fan.changes).toBe(writes);

    // wiped: the database is gone, the data directory's own files (its secret) stay
    fs.rmSync(path.join(dataDir, 'pgdata'), { recursive: true });
    const restored = await runCli('restore', [file], env);
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(`Restored ${file} into ${path.join(dataDir, 'pgdata')}`);
    expect(restored.stdout).toContain('There was no database there before.');

    const back = await contents(dataDir, fanId, since);
    expect(back.rows).toEqual(live.rows);
    // as of a moment during the writes: each change with its audit entry, none after that moment
    expect(back.fan.changes).toBeGreaterThan(0);
    expect(back.fan.changes).toBeLessThan(writes);
    expect(back.fan.status).toBe(back.fan.changes % 2 === 1 ? (original === '1' ? '0' : '1') : original);
    expect(back.audit).toBe(live.audit - (writes - back.fan.changes));

    // a file that is no backup changes nothing
    const garbage = path.join(root, 'garbage.tar.gz');
    fs.writeFileSync(garbage, crypto.randomBytes(64 * 1024));
    const refusedGarbage = await runCli('restore', [garbage], env);
    expect(refusedGarbage.code).toBe(1);
    expect(refusedGarbage.stderr).toContain(`${garbage} is not a backup of the embedded database`);
    expect(refusedGarbage.stderr).toContain('Nothing was changed.');
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pgdata') || n.startsWith('.restore-'))).toEqual([
      'pgdata',
    ]);

    // the restored database serves: sign-in works, the fan is as the backup had it, nothing is seeded again
    const second = await start();
    expect(second.output()).not.toMatch(/Seeded the demo data/);
    const token2 = await signIn(second);
    const fan = await http(second.port, 'GET', `/admin/getFanDetail?id=${fanId}`, undefined, token2);
    expect(fan.body.data.status).toBe(back.fan.status);
    // a change made now is undone by restoring the backup over it; the database it replaced is kept
    const flipped = back.fan.status === '1' ? '0' : '1';
    expect(
      (await http(second.port, 'PATCH', `/admin/changeStatus?id=${fanId}&status=${flipped}`, undefined, token2)).status,
    ).toBe(200);
    await stop(second);

    const over = await runCli('restore', [file], env);
    expect({ code: over.code, stderr: over.stderr }).toEqual({ code: 0, stderr: '' });
    const kept = fs.readdirSync(dataDir).filter((n) => n.startsWith('pgdata.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(over.stdout).toContain(`The database it replaced is kept in ${path.join(dataDir, kept[0]!)}`);
    expect((await contents(dataDir, fanId, since)).fan).toEqual(back.fan);
    const keptDir = path.join(root, 'kept');
    fs.mkdirSync(keptDir);
    fs.renameSync(path.join(dataDir, kept[0]!), path.join(keptDir, 'pgdata'));
    expect((await contents(keptDir, fanId, since)).fan.status).toBe(flipped);
  }, 600_000);

  it('says what to do on PostgreSQL and for a missing database, and writes nothing', async () => {
    const empty = path.join(root, 'empty');
    const file = path.join(root, 'none.tar.gz');
    const missing = await runCli('backup', [file], { DATA_DIR: empty });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`There is no embedded database in ${empty}.`);
    const pgUrl = 'postgres://backup:Not-Printed-9@db.invalid:5432/backoffice';
    const onPostgres = await runCli('backup', [file], {
      DATA_DIR: empty,
      DATABASE_URL: pgUrl,
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain('pg_dump --format=custom --file=backoffice.dump "$DATABASE_URL"');
    const restoreOnPostgres = await runCli('restore', [file], { DATA_DIR: empty, DATABASE_URL: pgUrl });
    expect(restoreOnPostgres.code).toBe(1);
    expect(restoreOnPostgres.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" backoffice.dump',
    );
    for (const run of [onPostgres, restoreOnPostgres]) expect(run.stdout + run.stderr).not.toContain('Not-Printed-9');
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
  }, 120_000);

  it('a restore killed between its two renames: the next start refuses to create an empty database', async () => {
    const dataDir = path.join(root, 'interrupted');
    fs.mkdirSync(path.join(dataDir, 'pgdata.before-restore-2026-11-28T09-00-00-000Z'), { recursive: true });
    await expect(openDatabase({ dataDir, warn: () => undefined })).rejects.toThrow(
      /has no database \(pgdata\) but holds pgdata\.before-restore-2026-11-28T09-00-00-000Z: a restore was interrupted/,
    );
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });
});
