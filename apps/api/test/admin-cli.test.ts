import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_URL } from './helpers/constants';
import { http, spawnApi, type ApiProcess } from './helpers/process';

const API_DIR = path.resolve(__dirname, '..');
const READY = 'Back office API ready';
/** The server's own settings only: none of the environment's databases, secrets or mail. */
const CLEAN = { DATABASE_URL: '', DATA_DIR: '', REDIS_URL: '', AUTH_SECRET: '', SMTP_URL: '', SEED: 'false' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as its script runs it, with `stdin` piped in (not a terminal). */
function runCli(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: API_DIR,
      env: { ...process.env, ...CLEAN, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** A database of its own on the PostgreSQL server, when one answers; undefined otherwise. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const server = POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  const name = `admin_cli_${crypto.randomBytes(6).toString('hex')}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const stop = async (server: ApiProcess | undefined) => {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('npm run admin -- create', () => {
  const password = `Cli-Password-${crypto.randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  const servers: ApiProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const s of servers) await stop(s);
    for (const drop of drops) await drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-admin-cli-'));
    dirs.push(d);
    return d;
  };

  /**
   * Creates the first admin of a blank database, then again (refused, nothing changed), then
   * starts the server on that database and signs in with the first password.
   */
  async function firstAdminSignsIn(
    env: Record<string, string>,
    whileRunning?: (env: Record<string, string>) => Promise<void>,
  ) {
    const email = `ada.${crypto.randomBytes(4).toString('hex')}@test.local`;
    const created = await runCli(
      ['create', '--email', email.toUpperCase(), '--role', 'OWNER', '--first-name', 'Ada', '--last-name', 'Admin'],
      env,
      `${password}\n`,
    );
    expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: '' });
    expect(created.stdout).toContain(`Created the admin ${email} with the role Owner.`);

    const again = await runCli(['create', '--email', email, '--role', 'support'], env, 'Another-Password-9\n');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`An admin with the email ${email} already exists: nothing was changed.`);

    for (const run of [created, again]) expect(run.stdout + run.stderr).not.toContain(password);

    const server = await spawnApi(env);
    servers.push(server);
    await server.waitFor(READY);
    if (whileRunning) await whileRunning(env);
    const signIn = await http(server.port, 'POST', '/admin/signIn', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data).toMatchObject({ firstName: 'Ada', lastName: 'Admin', role: { name: 'Owner' } });
    // the second run changed nothing: its password does not open the account, its role is not theirs
    expect((await http(server.port, 'POST', '/admin/signIn', { email, password: 'Another-Password-9' })).status).toBe(
      400,
    );
    const token = signIn.body.data.token as string;
    const log = await http(server.port, 'GET', '/admin/getAuditLog?action=admin.created', undefined, token);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        actor: null,
        actorEmail: 'cli',
        recordType: 'admin',
        recordId: signIn.body.data._id,
        after: { email, role: 'Owner', firstName: 'Ada', lastName: 'Admin' },
      }),
    ]);
    expect(server.output()).not.toContain(password);
    await stop(server);
  }

  it('creates the first admin of a blank embedded database, who signs in; the running server keeps it locked', async () => {
    const env = { DATA_DIR: tempDir() };
    await firstAdminSignsIn(env, async () => {
      const locked = await runCli(['create', '--email', 'late@test.local', '--role', 'owner'], env, `${password}\n`);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('is in use by a running server');
      expect(locked.stderr).toContain('Stop the server');
    });
  }, 180_000);

  it('creates the first admin of a blank PostgreSQL database, who signs in (when a server answers)', async () => {
    const database = await freshPostgres();
    if (!database) {
      // Nothing to reach: the embedded run above is this machine's proof.
      console.warn('PostgreSQL is not reachable: the command was tested on the embedded database only');
      return;
    }
    drops.push(database.drop);
    // what production sets on PostgreSQL, where the server refuses to start without them
    await firstAdminSignsIn({
      DATABASE_URL: database.url,
      DATA_DIR: tempDir(),
      AUTH_SECRET: crypto.randomBytes(24).toString('hex'),
      MARKETPLACE_API_KEY: `m1:${crypto.randomBytes(24).toString('hex')}`,
    });
  }, 180_000);

  it('takes no password from an argument, and says what is wrong with the input, changing nothing', async () => {
    const env = { DATA_DIR: tempDir() };
    const argument = await runCli(
      ['create', '--email', 'a@test.local', '--role', 'owner', `--password=${password}`],
      env,
    );
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain('never taken from an argument');
    expect(argument.stdout + argument.stderr).not.toContain(password);

    const role = await runCli(['create', '--email', 'a@test.local', '--role', 'janitor'], env, `${password}\n`);
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('There is no role "janitor". The roles are:');
    for (const known of [
      'owner (Owner)',
      'finance (Finance)',
      'support (Support)',
      'content (Content)',
      'auditor (Auditor)',
    ]) {
      expect(role.stderr).toContain(known);
    }

    const short = await runCli(['create', '--email', 'a@test.local', '--role', 'support'], env, 'short\n');
    expect(short).toMatchObject({ code: 1, stdout: '' });
    expect(short.stderr).toContain('at least 8 characters');
    const documented = await runCli(
      ['create', '--email', 'a@test.local', '--role', 'support'],
      env,
      'ChangeMe-Admin-2026\n',
    );
    expect(documented.code).toBe(1);
    expect(documented.stderr).toContain('not the documented default');
    const empty = await runCli(['create', '--email', 'a@test.local', '--role', 'support'], env, '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No password on standard input');

    const usage = await runCli(['create', '--role', 'owner'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--email is required');
    const email = await runCli(['create', '--email', 'not-an-email', '--role', 'owner'], env);
    expect(email.stderr).toContain('"not-an-email" is not an email address');

    // none of it made an admin: the address is still free
    const made = await runCli(['create', '--email', 'a@test.local', '--role', 'support'], env, `${password}\n`);
    expect(made.code).toBe(0);
  }, 180_000);
});
