import fs from 'node:fs';
import pg from 'pg';
import { POSTGRES_URL } from './helpers/constants';

/** Removes what the global setup made: the embedded snapshot file and the PostgreSQL template. */
export default async function globalTeardown(): Promise<void> {
  const snapshot = process.env.API_TEST_SNAPSHOT;
  if (snapshot) fs.rmSync(snapshot, { force: true });
  const template = process.env.API_TEST_PG_TEMPLATE;
  if (POSTGRES_URL && template) {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  }
}
