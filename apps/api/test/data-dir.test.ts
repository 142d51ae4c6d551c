import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { seedCounts } from '../src/seed/generate';
import { http, spawnApi, type ApiProcess } from './helpers/process';

const ADMIN = { SEED_ADMIN_EMAIL: 'ops@test.local', SEED_ADMIN_PASSWORD: 'Ops-Password-123' };
const READY = 'Back office API ready';
/** The data directory's own files: generated here, not taken from the environment. */
const OWN_FILES = { AUTH_SECRET: '', SMTP_URL: '' };

/** Every entry under `root` (itself included) that its group or others can read, write or enter. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) open.push(`${path.relative(root, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

/** Every entry under `root`, as paths relative to it. */
function entries(root: string): string[] {
  const all: string[] = [];
  const visit = (entry: string) => {
    all.push(path.relative(root, entry) || '.');
    if (fs.lstatSync(entry).isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return all;
}

/** Folders 0755 and files 0666, as PGlite and the umask used to leave them. */
function openUp(root: string): void {
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(entry, stat.isDirectory() ? 0o755 : 0o666);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
}

/**
 * A process of its own that loads the lock and takes it when told (a line on its stdin), so that
 * several can be told at the same moment; it prints 'locked' or 'refused' and then holds on.
 */
const LOCKER = `
const { lockDataDir } = require('./src/db/data-dir-lock.ts');
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  try {
    lockDataDir(process.env.DATA_DIR);
    process.stdout.write('locked\\n');
  } catch (e) {
    process.stdout.write(e.name === 'DataDirLockedError' ? 'refused\\n' : 'error ' + e.message + '\\n');
  }
});
`;

interface Locker {
  child: ChildProcess;
  output(): string;
  /** Resolves once the output matches; rejects if the locker exits first or takes over 30 s. */
  until(pattern: RegExp): Promise<void>;
  exited: Promise<unknown>;
}

function spawnLocker(dataDir: string): Locker {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', LOCKER], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    output: () => out,
    exited,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (pattern.test(out)) {
            clearInterval(timer);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > 30_000) {
            clearInterval(timer);
            reject(new Error(`no ${String(pattern)} from the locker; output:\n${out}`));
          }
        }, 20);
      }),
  };
}

async function stop(api: ApiProcess): Promise<void> {
  api.child.kill('SIGTERM');
  await api.exited;
}

describe('the embedded data directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-datadir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is locked: a second holder is refused with a clear message, in this process too', () => {
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`already in use by another process \\(pid ${process.pid}\\)\\. .*Stop the other server`),
      );
    } finally {
      release();
    }
    // released: it can be taken again
    lockDataDir(dir)();
  });

  it('is no pid file: a lock file naming a live process, even this one, does not hold the directory', () => {
    // A container restarted with the same pid finds its own pid in the file it left; pid 1 is alive too.
    for (const pid of [process.pid, 1, 999_999]) {
      fs.writeFileSync(path.join(dir, 'server.lock'), `${pid}\n`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
      release();
    }
  });

  it("is the operating system's: held by another process until it dies, even by SIGKILL", async () => {
    const holder = spawnLocker(dir);
    try {
      await holder.until(/ready/);
      holder.child.stdin!.write('go\n');
      await holder.until(/locked/);
      expect(() => lockDataDir(dir)).toThrow(`already in use by another process (pid ${holder.child.pid})`);
      holder.child.kill('SIGKILL');
      await holder.exited;
      // nothing cleaned up after it: the kernel released its lock, the file with its pid remains
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(holder.child.pid));
      lockDataDir(dir)();
    } finally {
      holder.child.kill('SIGKILL');
    }
  }, 60_000);

  it('of several processes taking it at the same moment, exactly one gets it', async () => {
    // a lock file left by a process that is gone, which every starter sees
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999\n');
    const lockers = Array.from({ length: 6 }, () => spawnLocker(dir));
    try {
      await Promise.all(lockers.map((l) => l.until(/ready/)));
      for (const l of lockers) l.child.stdin!.write('go\n');
      await Promise.all(lockers.map((l) => l.until(/locked|refused/)));
      const outcomes = lockers.map((l) => (l.output().includes('locked') ? 'locked' : 'refused'));
      expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
    } finally {
      for (const l of lockers) l.child.kill('SIGKILL');
      await Promise.all(lockers.map((l) => l.exited));
    }
  }, 60_000);

  it('a second server on the same directory exits with the reason; the first keeps serving', async () => {
    const first = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.01', ...ADMIN });
    try {
      await first.waitFor(READY);
      const second = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.01', ...ADMIN });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already in use by another process \(pid \d+\)/);
      expect(
        (
          await http(first.port, 'POST', '/admin/signIn', {
            email: ADMIN.SEED_ADMIN_EMAIL,
            password: ADMIN.SEED_ADMIN_PASSWORD,
          })
        ).status,
      ).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  }, 120_000);

  it('two servers started at once on a directory whose lock file names a live process: exactly one serves', async () => {
    // the file a server restarted with the same pid finds: a pid that runs (here this test's own)
    fs.writeFileSync(path.join(dir, 'server.lock'), `${process.pid}\n`);
    const servers = await Promise.all([0, 1].map(() => spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.01', ...ADMIN })));
    try {
      const outcomes = await Promise.all(
        servers.map((s) =>
          s.waitFor(READY, 90_000).then(
            () => 'serves',
            () => 'exited',
          ),
        ),
      );
      expect([...outcomes].sort()).toEqual(['exited', 'serves']);
      const winner = servers[outcomes.indexOf('serves')]!;
      const loser = servers[outcomes.indexOf('exited')]!;
      expect(await loser.exited).toBe(1);
      expect(loser.output()).toContain(`already in use by another process (pid ${winner.child.pid})`);
      const signIn = await http(winner.port, 'POST', '/admin/signIn', {
        email: ADMIN.SEED_ADMIN_EMAIL,
        password: ADMIN.SEED_ADMIN_PASSWORD,
      });
      expect(signIn.status).toBe(200);
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 120_000);

  it('keeps committed writes across kill -9, and completes a seed killed half way', async () => {
    // killed while seeding: the next start seeds from nothing
    const seeding = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.2', ...ADMIN });
    await seeding.waitFor('Opening the database');
    await new Promise((r) => setTimeout(r, 4000));
    expect(seeding.output()).not.toContain(READY);
    seeding.child.kill('SIGKILL');
    await seeding.exited;

    const second = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.2', ...ADMIN });
    await second.waitFor(READY, 90_000);
    const token = (
      await http(second.port, 'POST', '/admin/signIn', {
        email: ADMIN.SEED_ADMIN_EMAIL,
        password: ADMIN.SEED_ADMIN_PASSWORD,
      })
    ).body.data.token;
    const fans = await http(second.port, 'GET', '/admin/getAllFans?limit=1', undefined, token);
    // every generated fan plus the three fixtures: the whole seed, not a part of it
    expect(fans.body.total).toBe(seedCounts(0.2).fans + 3);
    const fanId = fans.body.data[0]._id as string;
    const changed = await http(second.port, 'PATCH', `/admin/changeStatus?id=${fanId}&status=0`, undefined, token);
    expect(changed.status).toBe(200);
    second.child.kill('SIGKILL');
    await second.exited;

    const third = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.2', ...ADMIN });
    try {
      await third.waitFor(READY, 90_000);
      expect(third.output()).not.toMatch(/Seeded the demo data/);
      const t = (
        await http(third.port, 'POST', '/admin/signIn', {
          email: ADMIN.SEED_ADMIN_EMAIL,
          password: ADMIN.SEED_ADMIN_PASSWORD,
        })
      ).body.data.token;
      const fan = await http(third.port, 'GET', `/admin/getFanDetail?id=${fanId}`, undefined, t);
      expect(fan.body.data.status).toBe('0');
      const again = await http(third.port, 'GET', '/admin/getAllFans?limit=1', undefined, t);
      expect(again.body.total).toBe(fans.body.total);
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
  }, 240_000);
});

describe("the embedded data directory is its owner's only", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-datadir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function sendResetEmail(api: ApiProcess, dataDir: string) {
    const sent = await http(api.port, 'POST', '/admin/forgotPassword', { email: ADMIN.SEED_ADMIN_EMAIL });
    expect(sent.status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.json')) : []);
    for (let i = 0; i < 200 && mails().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(mails()).toHaveLength(1);
  }

  it('from its creation, with everything the server writes into it while it runs', async () => {
    const dataDir = path.join(dir, 'data'); // made by the server
    const api = await spawnApi({ DATA_DIR: dataDir, SEED_SCALE: '0.01', ...ADMIN, ...OWN_FILES });
    try {
      await api.waitFor(READY);
      const token = (
        await http(api.port, 'POST', '/admin/signIn', {
          email: ADMIN.SEED_ADMIN_EMAIL,
          password: ADMIN.SEED_ADMIN_PASSWORD,
        })
      ).body.data.token;
      const fans = await http(api.port, 'GET', '/admin/getAllFans?limit=1', undefined, token);
      const fanId = fans.body.data[0]._id as string;
      expect((await http(api.port, 'PATCH', `/admin/changeStatus?id=${fanId}&status=0`, undefined, token)).status).toBe(
        200,
      );
      await sendResetEmail(api, dataDir);
      expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
      expect(entries(dataDir).length).toBeGreaterThan(1000);
      // while it runs: nothing it made, at start or since, is open to others
      expect(openToOthers(dataDir)).toEqual([]);
      expect(api.output()).not.toMatch(/could be read or written by other users/);
    } finally {
      await stop(api);
    }
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it("files PGlite creates after it opened (new tables, WAL segments) are its owner's only", async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      const before = new Set(entries(dir));
      await database.pglite!.exec(
        'CREATE TABLE later (n int); INSERT INTO later SELECT generate_series(1, 100000); CREATE INDEX ON later (n); CHECKPOINT;',
      );
      await database.pglite!.exec('SELECT pg_switch_wal()');
      const created = entries(dir).filter((e) => !before.has(e));
      expect(created.length).toBeGreaterThan(0);
      expect(openToOthers(dir).filter((e) => created.includes(e.split(' ')[0]!))).toEqual([]);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('entries open to others are made owner-only at the next start, with a warning naming how many', async () => {
    const first = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.01', ...ADMIN, ...OWN_FILES });
    try {
      await first.waitFor(READY);
      await sendResetEmail(first, dir);
    } finally {
      await stop(first);
    }
    openUp(dir);
    // a link out of the directory is not followed: what it points to is not the server's to change
    const outside = path.join(os.tmpdir(), `bo-outside-${process.pid}`);
    fs.writeFileSync(outside, 'not ours');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, 'link-out'));
    const open = openToOthers(dir).length;
    expect(open).toBeGreaterThan(1000);

    const second = await spawnApi({ DATA_DIR: dir, SEED_SCALE: '0.01', ...ADMIN, ...OWN_FILES });
    try {
      await second.waitFor(READY);
      expect(second.output()).toContain(
        `${open} entries in the data directory ${dir} could be read or written by other users; ` +
          "group and others' access to them is now removed.",
      );
      expect(openToOthers(dir)).toEqual([]);
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
      // the server still reads what it was given back: its secret, and its database
      const signIn = await http(second.port, 'POST', '/admin/signIn', {
        email: ADMIN.SEED_ADMIN_EMAIL,
        password: ADMIN.SEED_ADMIN_PASSWORD,
      });
      expect(signIn.status).toBe(200);
    } finally {
      await stop(second);
      fs.rmSync(outside, { force: true });
    }
  }, 120_000);
});
