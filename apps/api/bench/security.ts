/**
 * `npm run bench:security`: the attacks of issue 16, tried against a real server started as
 * `npm start` starts it (embedded database, its own throw-away DATA_DIR), and what each one got.
 * Prints one line per figure; nothing here is a pass/fail test (those are in test/security.test.ts).
 *
 * Options: --parallel N (wrong sign-ins sent at once, default 200), --trust-proxy VALUE (how the
 * server reads the client's address; the attack comes through one proxy, default 1), --keep (leave
 * the data folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../../test-support/server';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const PARALLEL = Number(arg('parallel', '200'));
const TRUST_PROXY = arg('trust-proxy', '1');
const ADMIN = { email: 'bench-security@test.local', password: 'Bench-Security-Password-1' };

type Json = { statusCode?: number; message?: string; data?: Record<string, unknown> };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-security-'));
  const started = Date.now();
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      SEED_SCALE: '0.01',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY,
      LOG_LEVEL: 'info',
    },
  });
  const api = `${server.baseURL}/api/v1`;
  const rows: Array<[string, string]> = [];
  const say = (what: string, value: string | number) => {
    rows.push([what, String(value)]);
    console.log(`${what.padEnd(74)} ${value}`);
  };
  // The client is behind one proxy: it writes its own X-Forwarded-For, the proxy appends what it saw.
  const call = async (
    method: string,
    p: string,
    o: { token?: string; body?: unknown; client?: string; forged?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${api}${p}`, {
      method,
      headers: {
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        'x-forwarded-for': [o.forged, o.client ?? '192.0.2.10'].filter(Boolean).join(', '),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => ({}))) as Json };
  };
  const signIn = (password: string, client: string, forged?: string) =>
    call('POST', '/admin/signIn', { body: { email: ADMIN.email, password }, client, forged });

  try {
    console.log(`server up in ${((Date.now() - started) / 1000).toFixed(1)} s (TRUST_PROXY=${TRUST_PROXY})\n`);

    // 1. Wrong passwords sent at once, one account, one address (each with a new forged address).
    const t0 = Date.now();
    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        signIn('a-wrong-password', '203.0.113.7', `198.18.${i >> 8}.${i & 255}`),
      ),
    );
    const checked = burst.filter((r) => r.status === 400).length;
    say(`${PARALLEL} parallel wrong sign-ins, one account and address: checked (400)`, checked);
    say(`  refused without a check (429)`, burst.filter((r) => r.status === 429).length);
    say(`  other answers`, burst.filter((r) => r.status !== 400 && r.status !== 429).length);
    say(`  wall time, ms`, Date.now() - t0);
    say('the right password from that address, right after', (await signIn(ADMIN.password, '203.0.113.7')).status);
    const elsewhere = await signIn(ADMIN.password, '198.51.100.2');
    say('the real admin from another address', elsewhere.status);
    const token = String(elsewhere.body.data?.token ?? '');

    // 2. Change-password with a stolen token: how many guesses before 429.
    let guesses = 0;
    let status = 0;
    for (; guesses < 50; guesses++) {
      status = (
        await call('PATCH', '/admin/changePassword', {
          token,
          body: { oldPassword: `guess-${guesses}`, newPassword: 'Attacker-Password-1' },
        })
      ).status;
      if (status !== 400) break;
    }
    say('change-password: wrong current passwords checked before a refusal (of 50)', guesses);
    say('  the refusal', status);

    // 3. Every protected operation of the OpenAPI document, without a credential.
    const doc = (await (await fetch(`${server.baseURL}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => p.startsWith('/api/v1/') && op.security?.length)
        .map(([m]) => ({ p, m: m.toUpperCase() })),
    );
    const open = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => p.startsWith('/api/v1/') && !op.security?.length)
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    let not401 = 0;
    for (const { p, m } of ops) {
      const res = await fetch(`${server.baseURL}${p}?page=x&id=nope`, {
        method: m,
        headers: m === 'GET' ? {} : { 'content-type': 'application/json' },
        body: m === 'GET' ? undefined : '{"unexpected":1}',
      });
      if (res.status !== 401) not401 += 1;
    }
    say(`protected operations answering other than 401 without a token (of ${ops.length})`, not401);
    say('operations without a credential in the OpenAPI document', open.length);

    // 4. The marketplace's calls with an admin session.
    const firstId = async (list: string) =>
      String(
        ((await call('GET', `${list}?limit=1`, { token })).body.data as unknown as Array<{ _id: string }>)[0]?._id,
      );
    const [fan, influencer] = [await firstId('/admin/getAllFans'), await firstId('/admin/getAllInfluencers')];
    const marketplace = await Promise.all([
      call('POST', '/notification/create', { token, body: { description: 'from an admin' } }),
      call('POST', '/admin/createInfluencerRequest', { token, body: { userId: fan } }),
      // $100,000 that the influencer never earned
      call('POST', '/payout/createRequest', {
        token,
        body: { influencerId: influencer, amount: 100000, payable_amount: 100000 },
      }),
    ]);
    say(
      'marketplace calls with an admin session (notification, influencer, payout)',
      marketplace.map((r) => r.status).join(', '),
    );

    // 5. Taking the account over with the token alone: change its email.
    const me = (await call('GET', '/admin/getUserProfile', { token })).body.data as Record<string, string>;
    const takeover = await call('PATCH', '/admin/updateProfile', {
      token,
      body: {
        firstName: me.firstName,
        lastName: me.lastName,
        email: 'attacker@evil.test',
        bio: me.bio,
        mainProfilePicture: me.mainProfilePicture,
        timeZone: me.timeZone || 'UTC',
      },
    });
    const after = (await call('GET', '/admin/getUserProfile', { token })).body.data as Record<string, string>;
    say('email change without the current password', `${takeover.status}, email now ${after?.email}`);

    // 6. The CSP of the production server.
    const page = await fetch(`${server.baseURL}/api/health`);
    const csp = page.headers.get('content-security-policy') ?? '';
    say('CSP names a localhost origin', /localhost|127\.0\.0\.1/.test(csp) ? 'yes' : 'no');

    // 7. The data folder.
    const entries: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const full = path.join(dir, name);
        const st = fs.lstatSync(full);
        if (st.mode & 0o077) entries.push(full);
        if (st.isDirectory()) walk(full);
      }
    };
    const rootOpen = fs.statSync(dataDir).mode & 0o077 ? 1 : 0;
    walk(dataDir);
    let total = 0;
    const count = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        total += 1;
        if (fs.lstatSync(path.join(dir, name)).isDirectory()) count(path.join(dir, name));
      }
    };
    count(dataDir);
    say(`entries of DATA_DIR open to other users (of ${total + 1})`, entries.length + rootOpen);

    // 8. The log.
    say('start output holds the admin password', server.output().includes(ADMIN.password) ? 'yes' : 'no');
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    if (!process.argv.includes('--keep')) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
