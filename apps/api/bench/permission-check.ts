import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endpoints } from '@backoffice/shared-api/contract';
import { openDatabase, type Database } from '../src/db/database';
import { allows, roleByKey } from '../src/modules/admins/roles';
import { resolveToken } from '../src/modules/auth/authenticate';
import { signToken, verifyToken } from '../src/modules/auth/tokens';

const ITERATIONS = 3000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** A database of its own: a fresh PostgreSQL database when DATABASE_URL is set, else PGlite in memory. */
async function scratchDatabase(): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-permission-'));
  if (!url) {
    const database = await openDatabase({ dataDir, memory: true });
    return { database, label: 'embedded PGlite (memory)', drop: async () => fs.rmSync(dataDir, { recursive: true }) };
  }
  const name = `backoffice_bench_permission_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir });
  return {
    database,
    label: `PostgreSQL (${name}, dropped after)`,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true });
    },
  };
}

/**
 * What the permission check adds to a request: the token's session lookup as it was before roles
 * (the session and its admin) against the lookup every request makes now (the admin's role joined,
 * its permissions read, the endpoint's permission checked), the two interleaved on one database so
 * that both see the same caches and the same machine. Prints p50/p95 of each and the p95 added.
 */
export async function benchPermissionCheck(): Promise<{ addedP95Ms: number }> {
  const { database, label, drop } = await scratchDatabase();
  try {
    const db = database.db;
    const secret = crypto.randomBytes(32);
    const { id: adminId } = await db
      .insertInto('admins')
      .values({
        role_id: roleByKey(db, 'support'),
        first_name: 'Bench',
        last_name: 'Support',
        email: 'bench.support@test.local',
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const expires = new Date(Date.now() + 3600_000);
    const session = await db
      .insertInto('admin_sessions')
      .values({ admin_id: adminId, expires_at: expires })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signToken(secret, {
      sub: adminId,
      sid: session.id,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expires.getTime() / 1000),
    });
    const claims = { sub: adminId, sid: session.id };

    // The lookup before issue 28: the session and its admin, nothing of a role.
    const before = () =>
      db
        .selectFrom('admin_sessions as s')
        .innerJoin('admins as a', 'a.id', 's.admin_id')
        .select(['s.id', 's.admin_id', 's.expires_at', 's.password_change_required', 'a.availability_status'])
        .where('s.id', '=', claims.sid)
        .where('s.admin_id', '=', claims.sub)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', new Date())
        .executeTakeFirst();
    const now = async () => {
      const admin = await resolveToken(db, secret, token, 'required');
      if (!admin || !allows(admin.permissions, endpoints.getAllFans.permission)) throw new Error('refused');
    };
    // Both include verifying the token's signature, as a request does.
    const timedBefore = async () => {
      await verifyToken(secret, token);
      await before();
    };

    for (let i = 0; i < 200; i++) await Promise.all([timedBefore(), now()]);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const [first, second] = i % 2 ? ([timedBefore, now] as const) : ([now, timedBefore] as const);
      const t0 = performance.now();
      await first();
      const t1 = performance.now();
      await second();
      const t2 = performance.now();
      (first === timedBefore ? a : b).push(t1 - t0);
      (second === timedBefore ? a : b).push(t2 - t1);
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    const f = (n: number) => n.toFixed(3);
    console.log(`\n== the permission check, ${ITERATIONS} token checks each, interleaved, on ${label}`);
    console.log(
      `before roles (session + admin):          p50 ${f(quantile(a, 0.5))} ms, p95 ${f(quantile(a, 0.95))} ms`,
    );
    console.log(
      `with roles (+ role, permission checked): p50 ${f(quantile(b, 0.5))} ms, p95 ${f(quantile(b, 0.95))} ms`,
    );
    const addedP95Ms = quantile(b, 0.95) - quantile(a, 0.95);
    console.log(`the permission check adds ${f(addedP95Ms)} ms to a request's p95 (budget 1 ms)`);
    return { addedP95Ms };
  } finally {
    await database.close();
    await drop();
  }
}
