import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/seed';

/**
 * `npm run bench:seed`: seeds a fresh database at SEED_SCALE (default 1, the demo default) and prints
 * how long it took. Embedded PGlite on disk, as `npm start` uses it, unless DATABASE_URL is set
 * (then that database must be empty).
 */
async function main(): Promise<void> {
  const scale = Number(process.env.SEED_SCALE || 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-bench-seed-'));
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    const openMs = performance.now() - t0;
    const result = await seedDemo(database.db, {
      scale,
      adminEmail: 'bench@test.local',
      adminPassword: 'Bench-Password-1',
    });
    await database.close();
    console.log(`database: ${database.kind}${database.kind === 'pglite' ? ' (on disk)' : ''}, scale ${scale}`);
    console.log(`create + migrate: ${(openMs / 1000).toFixed(1)} s`);
    console.log(
      `seed (one transaction + VACUUM ANALYZE): ${(result.ms / 1000).toFixed(1)} s  (budget 30 s at scale 1)`,
    );
    console.log(
      'rows:',
      Object.entries(result.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
