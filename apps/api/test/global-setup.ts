import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/seed';
import { POSTGRES_URL, TEST_ADMIN, TEST_SEED_SCALE } from './helpers/constants';

/**
 * Creating a database costs time (initdb for the embedded one, migrations, seed); a copy of one
 * made ready costs a fraction. Build each once per run and hand it to the workers: a snapshot of the
 * embedded database to load, and on PostgreSQL a template database to copy.
 */
export default async function globalSetup(): Promise<void> {
  const database = await openDatabase({ dataDir: os.tmpdir(), memory: true });
  await seedDemo(database.db, { scale: TEST_SEED_SCALE, ...TEST_ADMIN });
  const blob = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `backoffice-api-test-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  process.env.API_TEST_SNAPSHOT = file;

  if (POSTGRES_URL) {
    const name = `bo_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await seedDemo(template.db, { scale: TEST_SEED_SCALE, ...TEST_ADMIN });
    // No session may stay open on a template while it is copied.
    await template.close();
    process.env.API_TEST_PG_TEMPLATE = name;
  }
}
