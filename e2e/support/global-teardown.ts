import fs from 'node:fs';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(process.env.E2E_STATE ?? '{}') as { pid?: number; work?: string; databaseUrl?: string };
  if (state.pid) {
    try {
      process.kill(state.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  if (state.work) fs.rmSync(state.work, { recursive: true, force: true });
  if (state.databaseUrl && process.env.TEST_DATABASE_URL) {
    const name = new URL(state.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
