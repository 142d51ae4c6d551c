import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { seedCounts } from '../src/seed/generate';
import { http, spawnApi } from './helpers/process';

const ADMIN = { SEED_ADMIN_EMAIL: 'ops@test.local', SEED_ADMIN_PASSWORD: 'Ops-Password-123' };
const READY = 'Back office API ready';
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
