import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { seedCounts } from '../src/seed/generate';
import { http, spawnApi } from './helpers/process';

const ADMIN = { SEED_ADMIN_EMAIL: 'ops@test.local', SEED_ADMIN_PASSWORD: 'Ops-Password-123' };
const READY = 'Back office API ready';

describe('the embedded data directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-datadir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is locked: a second holder is refused with a clear message', () => {
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already in use by another process/);
    } finally {
      release();
    }
    // released: it can be taken again
    lockDataDir(dir)();
  });

  it('a lock left by a dead process is taken over', () => {
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999\n');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

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
