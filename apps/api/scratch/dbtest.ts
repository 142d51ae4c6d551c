import { openDatabase } from '../src/db/database';
import { sql } from 'kysely';
(async () => {
  const t = Date.now();
  const d = await openDatabase({ dataDir: '/tmp/bo-data-probe', memory: true });
  console.log('open+migrate', Date.now() - t);
  const r = await sql<{ n: number }>`select count(*) as n from users`.execute(d.db);
  console.log(r.rows, typeof r.rows[0]!.n);
  await d.close();
})();
