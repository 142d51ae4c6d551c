/**
 * `npm run bench:email`: the email outbox of issue 30 with two instances on one PostgreSQL.
 *
 * 1,000 emails are queued while the mail server is down (its port refuses connections): both
 * instances' workers try each one, fail and schedule its retry. Then a real SMTP server (smtp-server)
 * comes up on that port, and the bench waits until the outbox says every email is sent. It prints how
 * many distinct emails the mail server received and how many it received more than once, the time
 * from the server coming up to the last email, and each instance's share.
 *
 * The instances are two processes (`buildServer` on the same database, as two API instances would
 * be), with the default outbox settings except the retry wait (0.5 s doubling to 2 s, so that the
 * figure is the outbox's and not a 10 s backoff). DATABASE_URL names the PostgreSQL server: a
 * database `backoffice_bench_email` (BENCH_DB) is created on it and dropped at the end.
 * BENCH_EMAILS changes the count; BENCH_SMTP_QUERY is added to SMTP_URL (`?pool=true` reuses
 * connections).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { buildServer } from '../src/server';
import { smtpPeer } from '../test/helpers/smtp-peer';

const EMAILS = Number(process.env.BENCH_EMAILS || 1000);
const INSTANCES = 2;
const OUTBOX = { retryBaseMs: 500, retryMaxMs: 2000, maxAttempts: 1000 };

type FromInstance = { ready: true } | { sent: number; retried: number };

/** One API instance: the real server on the shared database, its worker sending to `smtpPort`. */
async function instance(databaseUrl: string, smtpPort: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-email-'));
  const database = await openDatabase({ databaseUrl, dataDir, migrate: false });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}${process.env.BENCH_SMTP_QUERY ?? ''}`,
  });
  const server = await buildServer({ config, database, logger: false, mailOutbox: OUTBOX });
  process.send!({ ready: true } satisfies FromInstance);
  process.once('message', async () => {
    const counted = (await server.context.operations.emails.get()).values;
    const of = (outcome: string) => counted.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.send!({ sent: of('sent'), retried: of('retried') } satisfies FromInstance, () => process.exit(0));
  });
}

const next = (child: ChildProcess) =>
  new Promise<FromInstance>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`an instance exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m: FromInstance) => {
      child.off('exit', onExit);
      resolve(m);
    });
  });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server: the bench runs two instances on it');
  const name = process.env.BENCH_DB || 'backoffice_bench_email';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB must be a plain lower-case name, got "${name}"`);
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-email-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  const children: ChildProcess[] = [];
  let smtp: Awaited<ReturnType<typeof smtpPeer>> | undefined;
  try {
    const port = await freePort();
    for (let i = 0; i < INSTANCES; i++) {
      const child = fork(process.argv[1]!, ['instance', url.toString(), String(port)], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await next(child);
    }
    const { db } = database;
    const count = async (where: ReturnType<typeof sql>) =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_outbox WHERE ${where}`.execute(db)).rows[0]!.n;

    const run = crypto.randomBytes(3).toString('hex');
    const subjects = Array.from({ length: EMAILS }, (_, i) => `Bench ${run} email ${i + 1}`);
    await db
      .insertInto('email_outbox')
      .values(
        subjects.map((subject, i) => ({
          recipient: `reader.${i}@example.net`,
          subject,
          html: `<p>${subject}</p>`,
          text: subject,
        })),
      )
      .execute();
    const downAt = performance.now();
    await until('every email tried while SMTP is down', async () => (await count(sql`attempts >= 1`)) === EMAILS);
    const triedDown = performance.now() - downAt;

    smtp = await smtpPeer(port);
    const { received } = smtp;
    const upAt = performance.now();
    await until('every email sent', async () => (await count(sql`sent_at IS NOT NULL`)) === EMAILS);
    const deliveredIn = performance.now() - upAt;
    // a second send of one row could only come from a claim still under way: give one a moment
    await new Promise((r) => setTimeout(r, 1000));

    const shares: Array<{ sent: number; retried: number }> = [];
    for (const child of children) {
      const reply = next(child);
      child.send('stop');
      shares.push((await reply) as { sent: number; retried: number });
    }
    const delivered = subjects.filter((s) => received.has(s)).length;
    const twice = subjects.filter((s) => (received.get(s) ?? 0) > 1).length;
    const fmt = (n: number) => n.toLocaleString('en-US');
    console.log(
      `${fmt(EMAILS)} emails queued with SMTP down, then SMTP up: ${fmt(delivered)} delivered, ${fmt(twice)} twice`,
    );
    console.log(
      `  while down: every email tried in ${(triedDown / 1000).toFixed(1)} s; once up: all sent in ${(deliveredIn / 1000).toFixed(1)} s (${fmt(Math.round(EMAILS / (deliveredIn / 1000)))} emails/s)`,
    );
    shares.forEach((s, i) => console.log(`  instance ${i + 1}: sent ${fmt(s.sent)}, retried ${fmt(s.retried)}`));
    if (delivered !== EMAILS || twice !== 0) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await smtp?.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[2] === 'instance') {
  void instance(process.argv[3]!, Number(process.argv[4]));
} else {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
