import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { runAuditCommand } from '../src/cli/audit';
import { openDatabase } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/audit';
import { auditLogProtectionProblems, verifyAuditLog } from '../src/modules/audit/verify';
import { roleByKey } from '../src/modules/admins/roles';
import { BOTH_BACKENDS, POSTGRES_URL, startTestApi, type TestApi } from './helpers/test-api';

/*
 * Issue 28: the audit log is append-only and hash-chained, by the database itself. Its rows cannot
 * be changed or deleted by any role the application uses, and `npm run audit -- verify` names the
 * first entry changed behind the database's back (its trigger disabled by the table's owner).
 */

const API_DIR = path.resolve(__dirname, '..');

/** Writes `n` entries through the API's own function, each in its own transaction. */
async function writeEntries(db: Kysely<DB>, n: number, tag = crypto.randomBytes(3).toString('hex')) {
  for (let i = 0; i < n; i++) {
    await recordAudit(db, {
      action: 'auth.signInFailed',
      actorId: null,
      actorEmail: `chain.${tag}.${i}@example.com`,
      ip: '198.51.100.7',
      after: { attempt: i, note: 'naïve “quotes” and \\ backslashes' },
    });
  }
}

/** An entry somewhere in the middle of the log, as verify reports it. */
async function middleEntry(db: Kysely<DB>) {
  const { n } = await db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return db
    .selectFrom('audit_log')
    .select(['id', 'seq', 'created_at', 'action'])
    .where('seq', '=', Math.ceil(n / 2))
    .executeTakeFirstOrThrow();
}

/** Runs `sql` with the append-only trigger disabled, as only the table's owner can. */
async function behindItsBack(db: Kysely<DB>, change: ReturnType<typeof sql>) {
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(db);
  try {
    await change.execute(db);
  } finally {
    await sql`ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_append_only`.execute(db);
  }
}

describe.each(BOTH_BACKENDS)('the audit log on %s', (backend) => {
  let api: TestApi;
  const db = () => api.database.db;

  beforeAll(async () => {
    api = await startTestApi(backend);
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('append-only', () => {
    it.each([
      ['UPDATE', sql`UPDATE audit_log SET ip = '10.0.0.1' WHERE seq = 1`],
      ['DELETE', sql`DELETE FROM audit_log WHERE seq = 1`],
      ['TRUNCATE', sql`TRUNCATE audit_log`],
    ])('refuses %s of its rows', async (op, statement) => {
      await writeEntries(db(), 1);
      const first = await db().selectFrom('audit_log').selectAll().where('seq', '=', 1).executeTakeFirstOrThrow();
      await expect(statement.execute(db())).rejects.toThrow(`audit_log is append-only: ${op} is refused`);
      expect(await db().selectFrom('audit_log').selectAll().where('seq', '=', 1).executeTakeFirstOrThrow()).toEqual(
        first,
      );
    });

    it("refuses them through the API's query builder too, and in replication mode", async () => {
      await expect(db().deleteFrom('audit_log').where('action', '=', 'auth.signedIn').execute()).rejects.toThrow(
        'append-only',
      );
      // replica mode skips ordinary triggers; these are ENABLE ALWAYS
      await db()
        .connection()
        .execute(async (conn) => {
          await sql`SET session_replication_role = replica`.execute(conn);
          try {
            await expect(sql`DELETE FROM audit_log`.execute(conn)).rejects.toThrow('append-only');
          } finally {
            await sql`SET session_replication_role = origin`.execute(conn);
          }
        });
      expect(await auditLogProtectionProblems(db())).toEqual([]);
    });

    it('refuses to delete an admin who acted: admins are deactivated, never deleted', async () => {
      const { id } = await db()
        .insertInto('admins')
        .values({
          role_id: roleByKey(db(), 'support'),
          first_name: 'Gone',
          last_name: 'Soon',
          email: `gone.${crypto.randomBytes(3).toString('hex')}@test.local`,
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(db(), { action: 'auth.signedIn', actorId: id, recordType: 'admin', recordId: id });
      await expect(db().deleteFrom('admins').where('id', '=', id).execute()).rejects.toThrow(/foreign key/);
      const kept = await db().selectFrom('audit_log').select('actor_id').where('record_id', '=', id).execute();
      expect(kept).toEqual([{ actor_id: id }]);
    });
  });

  describe('hash-chained', () => {
    it('numbers every entry in the order written and chains its hash to the one before', async () => {
      await writeEntries(db(), 3);
      const last = await db()
        .selectFrom('audit_log')
        .select(['seq', 'hash', sql<string>`audit_log_canonical(audit_log)`.as('canonical')])
        .orderBy('seq', 'desc')
        .limit(2)
        .execute();
      const [newest, before] = last;
      expect(newest!.seq).toBe(before!.seq + 1);
      const expected = crypto.createHash('sha256').update(before!.hash).update(newest!.canonical, 'utf8').digest();
      expect(newest!.hash.equals(expected)).toBe(true);
      const verified = await verifyAuditLog(db(), { pageSize: 7 });
      expect(verified).toMatchObject({ intact: true, entries: newest!.seq, last: { seq: newest!.seq } });
    });

    it('reads an entry the same whatever the session time zone and date style', async () => {
      await db()
        .connection()
        .execute(async (conn) => {
          await sql`SET TimeZone = 'Pacific/Chatham'`.execute(conn);
          await sql`SET DateStyle = 'SQL, DMY'`.execute(conn);
          try {
            await writeEntries(conn, 2);
            expect(await verifyAuditLog(conn)).toMatchObject({ intact: true });
          } finally {
            await sql`RESET TimeZone`.execute(conn);
            await sql`RESET DateStyle`.execute(conn);
          }
        });
      expect(await verifyAuditLog(db())).toMatchObject({ intact: true });
    });

    if (backend === 'postgres') {
      it('chains entries written at once by many connections one after the other', async () => {
        const before = await verifyAuditLog(db());
        await Promise.all(Array.from({ length: 20 }, (_, i) => writeEntries(db(), 3, `parallel${i}`)));
        const after = await verifyAuditLog(db());
        expect(after).toMatchObject({ intact: true, entries: before.entries + 60 });
      });
    }
  });
});

describe.each(BOTH_BACKENDS)('audit verify finds a row changed behind its back, on %s', (backend) => {
  let api: TestApi;
  const db = () => api.database.db;

  beforeAll(async () => {
    api = await startTestApi(backend);
    await writeEntries(db(), 5);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('reports the first entry whose chain is broken: a changed one, then a deleted one before it', async () => {
    expect(await verifyAuditLog(db())).toMatchObject({ intact: true });
    const changed = await middleEntry(db());
    await behindItsBack(db(), sql`UPDATE audit_log SET ip = '203.0.113.66' WHERE id = ${changed.id}`);
    expect(await auditLogProtectionProblems(db())).toEqual([]);
    expect(await verifyAuditLog(db(), { pageSize: 10 })).toEqual({
      intact: false,
      entries: changed.seq - 1,
      broken: {
        id: changed.id,
        seq: changed.seq,
        createdAt: changed.created_at.toISOString(),
        action: changed.action,
        problem: expect.stringContaining('changed after it was written'),
      },
    });

    // an entry deleted before it: the chain breaks there first
    const deleted = changed.seq - 2;
    await behindItsBack(db(), sql`DELETE FROM audit_log WHERE seq = ${deleted}`);
    const result = await verifyAuditLog(db(), { pageSize: 10 });
    expect(result).toMatchObject({
      intact: false,
      entries: deleted - 1,
      broken: { seq: deleted + 1, problem: `entry ${deleted} is missing before it: deleted after they were written` },
    });
  });

  it('says when the trigger that refuses changes is off', async () => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(db());
    try {
      expect(await auditLogProtectionProblems(db())).toEqual(['the trigger audit_log_append_only is disabled']);
    } finally {
      await sql`ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_append_only`.execute(db());
    }
  });
});

// The command itself, as an operator runs it: `npm run audit -- verify`.
describe('npm run audit -- verify', () => {
  const lines = () => {
    const out: string[] = [];
    return { out, push: (line: string) => void out.push(line) };
  };

  it('checks an embedded database, and says so clearly while a server holds it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-audit-verify-'));
    try {
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const database = await openDatabase({ dataDir });
      await writeEntries(database.db, 4);
      // while it is open (as a running server holds it), verify cannot open it
      const busy = lines();
      expect(await runAuditCommand(['verify'], env, busy.push, busy.push)).toBe(2);
      expect(busy.out.join('\n')).toContain(
        `The embedded database in ${dataDir} is in use by a running server (pid ${process.pid}). An embedded database can be opened by one process at a time: stop the server and run this again`,
      );
      const changed = await middleEntry(database.db);
      await behindItsBack(database.db, sql`UPDATE audit_log SET action = 'auth.signedIn' WHERE id = ${changed.id}`);
      await database.close();

      const out = lines();
      const err = lines();
      expect(await runAuditCommand(['verify'], env, out.push, err.push)).toBe(1);
      expect(out.out[0]).toMatch(new RegExp(`^Audit log broken at entry ${changed.seq}: `));
      expect(out.out[1]).toBe(
        `  id ${changed.id}, sequence ${changed.seq}, written ${changed.created_at.toISOString()}, action auth.signedIn`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two embedded databases opened from nothing: ~30 s on a loaded 2-core machine, over 60 s on a slower one.
  }, 120_000);

  it('refuses to check a folder with no database rather than create one, and an unknown command', async () => {
    const out = lines();
    expect(await runAuditCommand(['verify'], { DATA_DIR: '/nonexistent/bo-audit' }, out.push, out.push)).toBe(2);
    expect(out.out).toEqual([
      "There is no embedded database in /nonexistent/bo-audit. Set DATA_DIR to the server's data directory, or DATABASE_URL to its PostgreSQL database.",
    ]);
    const unknown = lines();
    expect(await runAuditCommand(['fix'], {}, unknown.push, unknown.push)).toBe(2);
    expect(unknown.out[0]).toMatch(/^Unknown command "fix"\.\n\nUsage: npm run audit -- verify/);
  });

  (POSTGRES_URL ? it : it.skip)(
    'runs as its own process against PostgreSQL: intact, then the changed row',
    async () => {
      const api = await startTestApi('postgres');
      try {
        const db = api.database.db;
        await writeEntries(db, 3);
        const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
        const url = new URL(POSTGRES_URL);
        url.pathname = `/${rows[0]!.name}`;
        const run = () =>
          new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/audit.ts', 'verify'], {
              cwd: API_DIR,
              env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' },
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (d) => (stdout += d));
            child.stderr.on('data', (d) => (stderr += d));
            child.on('exit', (code) => resolve({ code, stdout, stderr }));
          });

        const { n } = await db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        const intact = await run();
        expect(intact.stderr).toContain('Checking the audit log of PostgreSQL (DATABASE_URL)');
        expect(intact.stdout.split('\n')[0]).toBe(`Audit log intact: ${n.toLocaleString('en-US')} entries`);
        expect(intact.code).toBe(0);

        const changed = await middleEntry(db);
        await behindItsBack(db, sql`UPDATE audit_log SET after = '{"forged": true}' WHERE id = ${changed.id}`);
        const broken = await run();
        expect(broken.code).toBe(1);
        expect(broken.stdout).toContain(`Audit log broken at entry ${changed.seq.toLocaleString('en-US')}: `);
        expect(broken.stdout).toContain(
          `id ${changed.id}, sequence ${changed.seq}, written ${changed.created_at.toISOString()}, action ${changed.action}`,
        );
      } finally {
        await api.close();
      }
    },
    60_000,
  );
});
