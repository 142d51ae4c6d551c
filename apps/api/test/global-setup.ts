import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { seedDemo } from '../src/seed/seed';
import { TEST_ADMIN, TEST_SEED_SCALE } from './helpers/constants';

/**
 * Creating an embedded database costs seconds (initdb, migrations, seed); a snapshot of one costs
 * half a second to load. Build it once per run and hand its path to the workers.
 */
export default async function globalSetup(): Promise<void> {
  const database = await openDatabase({ dataDir: os.tmpdir(), memory: true });
  await seedDemo(database.db, { scale: TEST_SEED_SCALE, ...TEST_ADMIN });
  const blob = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `backoffice-api-test-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  process.env.API_TEST_SNAPSHOT = file;
}
