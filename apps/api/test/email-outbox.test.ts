import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { hashResetToken } from '../src/modules/auth/tokens';
import { OUTBOX_ACTOR, queueEmail } from '../src/modules/mail/outbox';
import { buildServer, type Server } from '../src/server';
import { TEST_ADMIN } from './helpers/constants';
import { smtpPeer } from './helpers/smtp-peer';
import { freePort } from './helpers/process';
import { BACKENDS, POSTGRES_URL, eventually, startTestApi, type TestApi } from './helpers/test-api';

/*
 * Issue 30: email goes through the outbox table. A change and its email commit together; no request
 * waits on a mail server; a worker on each instance sends, retries with backoff and gives up in the
 * end; several instances on one database send each email once.
 */

/** A mail server that accepts connections and never says a word: the one that held a request 30 s. */
async function silentSmtp(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const metric = async (server: Server, line: RegExp) => {
  const res = await server.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
  return Number(line.exec(res.body)?.[1] ?? NaN);
};

describe.each(BACKENDS)('the email outbox on %s', (backend) => {
  let fans = 0;
  /** A fan of its own with a pending influencer request. */
  async function pendingRequest(api: TestApi): Promise<{ id: string; email: string }> {
    const n = ++fans;
    const email = `outbox.${n}.${crypto.randomBytes(3).toString('hex')}@example.net`;
    const user = await api.database.db
      .insertInto('users')
      .values({ first_name: 'Robin', user_name: `outbox.${n}.${email.slice(9, 15)}`, email, display_name: 'Robin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await api.database.db
      .insertInto('influencer_requests')
      .values({ user_id: user.id, status: 'pending', reason: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: request.id, email };
  }
  const rowsTo = (api: TestApi, email: string) =>
    api.database.db.selectFrom('email_outbox').selectAll().where('recipient', '=', email).execute();

  describe('a change and its email', () => {
    let api: TestApi;
    let token: string;
    beforeAll(async () => {
      // sweeps at every round, to see it here
      api = await startTestApi(backend, { mailOutbox: { sweepEveryMs: 0, pollMs: 100 } });
      token = await api.signIn();
    });
    afterAll(() => api?.close());

    it('forgot-password stores the link and queues the one email carrying it, together', async () => {
      await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
      const rows = await eventually(async () => {
        const found = await rowsTo(api, TEST_ADMIN.adminEmail);
        return found.length ? found : undefined;
      });
      expect(rows).toHaveLength(1);
      const [mail, ...more] = await api.outbox();
      expect(more).toHaveLength(0);
      expect(mail!.to).toBe(TEST_ADMIN.adminEmail);
      const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!;
      const stored = await api.database.db
        .selectFrom('password_resets as r')
        .innerJoin('admins as a', 'a.id', 'r.admin_id')
        .select('r.token_hash')
        .where('a.email', '=', TEST_ADMIN.adminEmail)
        .where('r.used_at', 'is', null)
        .execute();
      expect(stored.map((s) => s.token_hash)).toEqual([hashResetToken(link)]);

      // delivered: the row keeps who, what and when, not the link
      const [sent] = await rowsTo(api, TEST_ADMIN.adminEmail);
      expect(sent).toMatchObject({ html: '', text: '', attempts: 1, failed_at: null, locked_until: null });
      expect(sent!.sent_at).toBeInstanceOf(Date);
    });

    it("a decision's email is queued in the decision's transaction: a decision rolled back at commit leaves none", async () => {
      const { id, email } = await pendingRequest(api);
      // fails the transaction at its commit, after every statement of the decision and its email
      await sql`
        CREATE FUNCTION refuse_outbox_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused at commit'; END $$`.execute(api.database.db);
      await sql`
        CREATE CONSTRAINT TRIGGER refuse_outbox_commit AFTER INSERT ON email_outbox
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (NEW.recipient LIKE 'outbox.%') EXECUTE FUNCTION refuse_outbox_commit()`.execute(api.database.db);
      try {
        const refused = await api.call('PATCH', '/admin/decideRequest', { token, body: { id, decision: 'approved' } });
        expect(refused.status).toBe(500);
      } finally {
        await sql`DROP TRIGGER refuse_outbox_commit ON email_outbox`.execute(api.database.db);
        await sql`DROP FUNCTION refuse_outbox_commit()`.execute(api.database.db);
      }
      const request = await api.database.db
        .selectFrom('influencer_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(request.status).toBe('pending');
      expect(await rowsTo(api, email)).toHaveLength(0);

      const r = await api.call('PATCH', '/admin/decideRequest', { token, body: { id, decision: 'approved' } });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Request approved. The applicant will be emailed.');
      expect(await rowsTo(api, email)).toHaveLength(1);
      // a decision refused (already decided) queues nothing more
      expect(
        (await api.call('PATCH', '/admin/decideRequest', { token, body: { id, decision: 'approved' } })).status,
      ).toBe(409);
      expect(await rowsTo(api, email)).toHaveLength(1);
      expect((await api.outbox()).filter((m) => m.to === email)).toHaveLength(1);
    });

    it('deletes sent rows once past their keeping time (7 days), and only those', async () => {
      const ago = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
      const row = (subject: string, values: Record<string, Date | null>) => ({
        recipient: 'kept@example.net',
        subject,
        html: '',
        text: '',
        ...values,
      });
      await api.database.db
        .insertInto('email_outbox')
        .values([
          row('sent 8 days ago', { sent_at: ago(8), created_at: ago(8) }),
          row('sent 6 days ago', { sent_at: ago(6), created_at: ago(6) }),
          row('given up 8 days ago', { failed_at: ago(8), created_at: ago(8) }),
          row('waiting for its retry', { next_attempt_at: new Date(Date.now() + 3_600_000), created_at: ago(8) }),
        ])
        .execute();
      const subjects = async () => (await rowsTo(api, 'kept@example.net')).map((r) => r.subject).sort();
      await eventually(async () => !(await subjects()).includes('sent 8 days ago'));
      expect(await subjects()).toEqual(['given up 8 days ago', 'sent 6 days ago', 'waiting for its retry']);
    });
  });

  describe('a mail server that accepts and never answers', () => {
    const SMTP_TIMEOUT_MS = 2000;
    let api: TestApi;
    let smtp: Awaited<ReturnType<typeof silentSmtp>>;
    let token: string;
    beforeAll(async () => {
      smtp = await silentSmtp();
      api = await startTestApi(backend, {
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
        mailOutbox: { smtpTimeoutMs: SMTP_TIMEOUT_MS, maxAttempts: 2, retryBaseMs: 100, pollMs: 100 },
      });
      token = await api.signIn();
    });
    afterAll(async () => {
      await api?.close();
      await smtp?.close();
    });

    it('holds no request; the worker retries, then gives the email up with an audit entry', async () => {
      const { id, email } = await pendingRequest(api);
      const started = performance.now();
      const r = await api.call('PATCH', '/admin/decideRequest', { token, body: { id, decision: 'approved' } });
      const took = performance.now() - started;
      expect(r.status).toBe(200);
      // with SMTP on the request's path it took the greeting timeout at least
      expect(took).toBeLessThan(SMTP_TIMEOUT_MS / 2);

      const failed = await eventually(async () => {
        const [row] = await rowsTo(api, email);
        return row?.failed_at ? row : undefined;
      }, 15_000);
      expect(failed).toMatchObject({ attempts: 2, sent_at: null, html: '', text: '', locked_until: null });
      expect(failed.last_error).toMatch(/greeting/i);
      expect(smtp.connections()).toBeGreaterThanOrEqual(2);
      const entries = await api.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'email.failed')
        .where('record_id', '=', String(failed.id))
        .execute();
      expect(entries).toEqual([
        expect.objectContaining({
          actor_id: null,
          actor_email: OUTBOX_ACTOR,
          record_type: 'email',
          after: expect.objectContaining({ to: email, attempts: 2, subject: failed.subject }),
        }),
      ]);

      expect(await metric(api.server, /^emails_total\{outcome="queued"\} (\d+)/m)).toBe(1);
      expect(await metric(api.server, /^emails_total\{outcome="retried"\} (\d+)/m)).toBe(1);
      expect(await metric(api.server, /^emails_total\{outcome="failed"\} (\d+)/m)).toBe(1);
      expect(await metric(api.server, /^emails_waiting (\d+)/m)).toBe(0);
    }, 30_000);
  });
});

const onPostgres = POSTGRES_URL ? describe : describe.skip;

onPostgres('the email outbox of two instances on one PostgreSQL', () => {
  const EMAILS = 1000;
  const name = `bo_outbox_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  const databases: Database[] = [];
  const servers: Server[] = [];
  let peer: Awaited<ReturnType<typeof smtpPeer>> | undefined;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of databases) await d.close();
    await peer?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('queued while the mail server is down, every email is delivered once it is up, none twice', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const port = await freePort();
    for (const i of [0, 1]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-outbox-'));
      dirs.push(dataDir);
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir, migrate: i === 0 });
      databases.push(database);
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PORT: '0',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      });
      servers.push(
        await buildServer({
          config,
          database,
          logger: false,
          // many sends at once: the local SMTP peer answers each message in about 40 ms (delayed ACKs)
          mailOutbox: { batchSize: 25, pollMs: 100, retryBaseMs: 100, retryMaxMs: 300, maxAttempts: 1000 },
        }),
      );
    }
    const [a, b] = servers as [Server, Server];
    const db = databases[0]!.db;
    const subjects = Array.from({ length: EMAILS }, (_, i) => `Outbox email ${i + 1}`);
    await queueEmail(
      a.context,
      db,
      subjects.map((subject, i) => ({
        to: `reader.${i}@example.net`,
        subject,
        html: `<p>${subject}</p>`,
        text: subject,
      })),
    );

    // down: every email is tried and refused, and waits for its retry
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM email_outbox WHERE attempts >= 1 AND sent_at IS NULL`.execute(db);
      return rows[0]!.n === EMAILS;
    }, 20_000);

    peer = await smtpPeer(port);
    // ~20 s on a quiet machine; a loaded one (the unit and browser suites side by side) needs more.
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM email_outbox WHERE sent_at IS NOT NULL`.execute(db);
      return rows[0]!.n === EMAILS;
    }, 75_000);

    expect([...peer.received.keys()].sort()).toEqual([...subjects].sort());
    expect([...peer.received.values()].filter((n) => n > 1)).toEqual([]);
    // a row is marked sent in the database just before its instance counts it: wait for the count
    const sentBy = await eventually(async () => {
      const counts = await Promise.all(servers.map((s) => metric(s, /^emails_total\{outcome="sent"\} (\d+)/m)));
      return counts[0]! + counts[1]! >= EMAILS ? counts : undefined;
    }, 10_000).catch(() => Promise.all(servers.map((s) => metric(s, /^emails_total\{outcome="sent"\} (\d+)/m))));
    expect(sentBy[0]! + sentBy[1]!).toBe(EMAILS);
    // both instances took their share
    expect(Math.min(...sentBy)).toBeGreaterThan(0);
    expect(await metric(b, /^emails_waiting (\d+)/m)).toBe(0);
  }, 150_000);
});
