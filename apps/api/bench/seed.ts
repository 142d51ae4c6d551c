import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../../test-support/server';
import { SHARED_SECRETS } from './instance-secrets';
import { logMessages } from './server-log';

/**
 * `npm run bench:seed -- --scale 5 [--scale 40] [--keep]`: seeds a fresh database at each scale by
 * starting the real server on it (`src/main.ts`, as `npm start` does, in its own process), and prints
 * the seed's time and rows/s, the server's peak memory (VmHWM) and the database's size.
 *
 * Database: PostgreSQL when DATABASE_URL is set (a database `backoffice_seed_bench_<scale>_<pid>` on
 * that server, dropped afterwards unless --keep), else the embedded one in a temporary directory.
 * Without --scale, SEED_SCALE (default 1).
 */
const ADMIN = { SEED_ADMIN_EMAIL: 'bench@test.local', SEED_ADMIN_PASSWORD: 'Bench-Password-1' };
const MB = 1024 * 1024;

function parseOptions(argv: string[]): { scales: number[]; keep: boolean } {
  const scales: number[] = [];
  let keep = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--scale') {
      const n = Number(argv[++i]);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`--scale takes a positive number, got "${argv[i]}"`);
      scales.push(n);
    } else if (argv[i] === '--keep') keep = true;
    else throw new Error(`Unknown option ${argv[i]}; see the comment at the top of bench/seed.ts`);
  }
  if (scales.length === 0) scales.push(Number(process.env.SEED_SCALE || 1));
  return { scales, keep };
}

/** The highest resident memory of a process since it started, from /proc (Linux). */
function peakRss(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) * 1024;
  } catch {
    return undefined;
  }
}

interface Target {
  label: string;
  env: Record<string, string>;
  size: () => Promise<number>;
  cleanUp: () => Promise<void>;
}

async function targetFor(scale: number, keep: boolean): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `backoffice_seed_bench_${String(scale).replace('.', '_')}_${process.pid}`;
    const query = async (text: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    };
    await query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    return {
      label: `PostgreSQL (${name})`,
      env: { DATABASE_URL: databaseUrl.toString(), ...SHARED_SECRETS },
      size: async () => Number((await query(`SELECT pg_database_size('${name}') AS b`)).rows[0].b),
      cleanUp: async () => {
        if (!keep) await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-seed-'));
  return {
    label: `embedded PGlite (${dataDir})`,
    env: { DATA_DIR: dataDir },
    size: async () =>
      Number(execFileSync('du', ['-sb', path.join(dataDir, 'pgdata')], { encoding: 'utf8' }).split('\t')[0]),
    cleanUp: async () => {
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Run {
  scale: number;
  rows: number;
  seedSeconds: number;
  readySeconds: number;
  peak?: number;
  bytes: number;
}

async function benchScale(scale: number, keep: boolean): Promise<Run | undefined> {
  const target = await targetFor(scale, keep);
  console.log(`\nscale ${scale} on ${target.label}`);
  let rows = 0;
  let seedSeconds = NaN;
  const started = performance.now();
  try {
    const { child } = await startServer({
      // The seed reports at info; nothing but the seed runs while this server is up.
      env: { ...target.env, ...ADMIN, SEED_SCALE: String(scale), LOG_LEVEL: 'info' },
      onOutput: (text) => {
        for (const line of logMessages(text)) {
          if (line.startsWith('seed: ')) process.stdout.write(`  ${line}\n`);
          const done = /^seed: \w+ ([\d,]+) rows in /.exec(line);
          if (done) rows += Number(done[1]!.replace(/,/g, ''));
          const total = /^Seeded the demo data .* in ([\d.]+) s/.exec(line);
          if (total) seedSeconds = Number(total[1]);
        }
      },
    });
    const readySeconds = (performance.now() - started) / 1000;
    const peak = peakRss(child.pid!);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    return { scale, rows, seedSeconds, readySeconds, peak, bytes: await target.size() };
  } catch (e) {
    // A scale the embedded database refuses ends here, with the server's reason.
    console.log(`  the server did not start: ${e instanceof Error ? e.message.split('\n').slice(-3).join(' ') : e}`);
    return undefined;
  } finally {
    await target.cleanUp();
  }
}

async function main(): Promise<void> {
  const { scales, keep } = parseOptions(process.argv.slice(2));
  const runs: Run[] = [];
  for (const scale of scales) {
    const run = await benchScale(scale, keep);
    if (run) runs.push(run);
  }
  console.log('\nscale | seed | rows | rows/s | ready | peak server RSS | database | per unit of scale');
  for (const r of runs) {
    console.log(
      [
        r.scale,
        `${r.seedSeconds.toFixed(1)} s`,
        r.rows.toLocaleString('en-US'),
        Math.round(r.rows / r.seedSeconds).toLocaleString('en-US'),
        `${r.readySeconds.toFixed(1)} s`,
        r.peak === undefined ? 'n/a' : `${Math.round(r.peak / MB)} MB`,
        `${Math.round(r.bytes / MB)} MB`,
        `${(r.bytes / MB / r.scale).toFixed(1)} MB`,
      ].join(' | '),
    );
  }
  if (runs.length >= 2) {
    // Two scales give the fixed part (schema, reference data) and the part that grows with the scale.
    const [a, b] = [runs[0]!, runs[runs.length - 1]!];
    const perUnit = (b.bytes - a.bytes) / (b.scale - a.scale) / MB;
    console.log(`database growth: ${perUnit.toFixed(1)} MB per unit of scale`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
