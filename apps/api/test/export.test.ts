import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import {
  EXPORT_TOTAL_HEADER,
  PAYMENT_MESSAGES,
  TRANSACTION_EXPORT_COLUMNS,
  TRANSACTION_SORTS,
  type TransactionRow,
} from '@backoffice/shared-api/contract';
import { exportTuning, readExportBatch } from '../src/modules/payments/export';
import { allPages } from './helpers/expect';
import { urlOf } from './helpers/sockets';
import { BACKENDS, eventually, startTestApi, type Backend, type TestApi } from './helpers/test-api';

type Row = TransactionRow;
const DEFAULT_BATCH = exportTuning.batchSize;
const COLUMN = Object.fromEntries(TRANSACTION_EXPORT_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof TRANSACTION_EXPORT_COLUMNS)[number],
  number
>;
/** A whole file of quoted cells: every cell opens and closes with a quote, records end with CRLF. */
const ALL_QUOTED = /^\uFEFF(?:"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*\r\n)+$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How the export reads the rows: PostgreSQL streams a COPY, PGlite reads keyset batches. Both are
 * tested on PostgreSQL (exportTuning.copy off serves it the batched way), each against the list.
 */
type ExportPath = 'copy' | 'batched';
const pathsOf = (backend: Backend): ExportPath[] => (backend === 'postgres' ? ['copy', 'batched'] : ['batched']);
const usePath = (path: ExportPath) => {
  exportTuning.copy = path === 'copy';
};

/** 'YYYY-MM-DD HH:mm' of an instant shifted by a fixed offset (no DST in the zones used with it). */
const minuteAt = (iso: string, offsetMinutes = 0) =>
  new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** The record the export should write for a row of the list. */
function expectedRecord(r: Row, offsetMinutes = 0): string[] {
  const cells = [
    r.videoCallId ?? '',
    r.name || r.displayName,
    r.email,
    minuteAt(r.createdAt, offsetMinutes),
    r.hold_amount.toFixed(2),
    r.released_amount.toFixed(2),
    r.earning.toFixed(2),
    r.type,
    r.transactionId,
    r.status,
  ];
  return cells.map((c) => (FORMULA_START.test(c) ? `'${c}` : c));
}

describe.each(BACKENDS)('GET /transaction/export on %s', (backend) => {
  let api: TestApi;
  let token: string;
  let logs = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs += chunk.toString();
        cb();
      },
    });
    api = await startTestApi(backend, { listen: true, logStream, env: { LOG_LEVEL: 'error' } });
    token = await api.signIn();
  });
  afterAll(async () => {
    // fetch's pool opens a spare connection after a cut one, which would hold close() for a minute
    api?.server.app.server.closeAllConnections();
    await api?.close();
  });
  afterEach(() => {
    exportTuning.batchSize = DEFAULT_BATCH;
    exportTuning.readBatch = readExportBatch;
    exportTuning.copy = true;
  });

  const list = (query: Record<string, string> = {}) => api.call('GET', '/transaction/getAll', { token, query });
  const listed = (query: Record<string, string>) => allPages<Row>(list, query, 100);
  const exportRaw = (query: Record<string, string> = {}, as: string | null = token) =>
    api.server.app.inject({
      method: 'GET',
      url: '/api/v1/transaction/export',
      query,
      headers: as ? { authorization: `Bearer ${as}` } : {},
    });
  /** The export's records, header row first, read as a spreadsheet would read the file. */
  const exportRecords = async (query: Record<string, string> = {}) => {
    const res = await exportRaw(query);
    expect(res.statusCode).toBe(200);
    return { res, records: parse(res.body, { bom: true }) as string[][] };
  };
  const transactionIds = (records: string[][]) => records.slice(1).map((r) => r[COLUMN['Transaction ID']]);

  const dbCount = async (where: (q: any) => any = (q) => q) =>
    Number(
      (
        await where(
          api.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')),
        ).executeTakeFirstOrThrow()
      ).n,
    );

  /** A payer of the seed, to hang payments made up by a test on. */
  const somePayer = async () =>
    (await api.database.db.selectFrom('users').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;

  it('streams every payment as a CSV file, with the count up front', async () => {
    const { res, records } = await exportRecords();
    const total = await dbCount();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()]).toBe(String(total));
    expect(res.headers['transfer-encoding']).toBe('chunked');

    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toMatch(ALL_QUOTED);
    expect(records[0]).toEqual([...TRANSACTION_EXPORT_COLUMNS]);
    expect(records.length - 1).toBe(total);
    expect((await list()).body.total).toBe(total);
  });

  it("writes the list's rows in the list's order, with its values (dates in UTC by default)", async () => {
    const { records } = await exportRecords();
    const rows = await listed({});
    expect(records.slice(1)).toEqual(rows.map((r) => expectedRecord(r)));
    // money as plain numbers with two decimals
    for (const rec of records.slice(1)) {
      for (const c of ['Hold Amount', 'Released Amount', 'Earning'] as const)
        expect(rec[COLUMN[c]]).toMatch(/^\d+\.\d\d$/);
    }
  });

  it.each([
    [{ sortBy: 'amount', sortOrder: 'asc', status: 'completed' }],
    [{ sortBy: 'displayName', sortOrder: 'desc', type: 'wallet_top_up' }],
    [{ search: 'busy.fan@example.com', sortBy: 'email', sortOrder: 'asc' }],
  ])('applies the filters, search and sort of the list: %j', async (query) => {
    exportTuning.batchSize = 5;
    const { res, records } = await exportRecords(query);
    const rows = await listed(query);
    expect(rows.length).toBeGreaterThan(5);
    expect(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()]).toBe(String(rows.length));
    expect(records.slice(1)).toEqual(rows.map((r) => expectedRecord(r)));
  });

  it('applies a created-on range, both bounds included', async () => {
    const { rows } = await sql<{ at: string }>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
      FROM transactions ORDER BY created_at, id`.execute(api.database.db);
    const from = rows[Math.floor(rows.length / 3)]!.at;
    const to = rows[Math.floor((rows.length * 2) / 3)]!.at;
    const expected = await dbCount((q) =>
      q.where('created_at', '>=', sql<Date>`${from}`).where('created_at', '<=', sql<Date>`${to}`),
    );
    exportTuning.batchSize = 9;
    const { res, records } = await exportRecords({ from, to });
    expect(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()]).toBe(String(expected));
    expect(records.length - 1).toBe(expected);
    expect(records.slice(1)).toEqual((await listed({ from, to })).map((r) => expectedRecord(r)));
  });

  describe.each(TRANSACTION_SORTS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'sortBy %s %s',
    (sortBy, sortOrder) => {
      it.each(pathsOf(backend))("writes the rows in the list's order (%s)", async (path) => {
        usePath(path);
        // Small batches: many keyset steps, across the ties of every sort.
        exportTuning.batchSize = 7;
        const { records } = await exportRecords({ sortBy, sortOrder });
        expect(transactionIds(records)).toEqual((await listed({ sortBy, sortOrder })).map((r) => r.transactionId));
      });
    },
  );

  it('reads the rows in batches of the batch size, one query each (batched path)', async () => {
    usePath('batched');
    let queries = 0;
    exportTuning.batchSize = 7;
    exportTuning.readBatch = (...args) => {
      queries++;
      return readExportBatch(...args);
    };
    const { records } = await exportRecords({ status: 'completed' });
    const total = await dbCount((q) => q.where('status', '=', 'completed'));
    expect(total).toBeGreaterThan(7 * 3);
    expect(records.length - 1).toBe(total);
    expect(new Set(transactionIds(records)).size).toBe(total);
    // the last batch is the short (or empty) one that tells the export it is done
    expect(queries).toBe(Math.floor(total / 7) + 1);
  });

  it.each(pathsOf(backend))('writes dates in the time zone asked for (%s)', async (path) => {
    usePath(path);
    // 20:45 UTC on the day New York moved to summer time is 02:15 the next day in Kolkata.
    const userId = await somePayer();
    await api.database.db
      .insertInto('transactions')
      .values({
        transaction_id: `txn_time_zone_check_${path}`,
        user_id: userId,
        type: 'wallet_top_up',
        status: 'completed',
        amount_cents: 1250,
        payable_amount_cents: 1000,
        earning_cents: 1000,
        created_at: '2024-03-10T20:45:00Z',
      })
      .execute();
    const dateOf = async (timeZone?: string) => {
      const { records } = await exportRecords({
        search: `txn_time_zone_check_${path}`,
        ...(timeZone ? { timeZone } : {}),
      });
      expect(records).toHaveLength(2);
      return records[1]![COLUMN.Date];
    };
    expect(await dateOf()).toBe('2024-03-10 20:45');
    expect(await dateOf('UTC')).toBe('2024-03-10 20:45');
    expect(await dateOf('Asia/Kolkata')).toBe('2024-03-11 02:15');
    expect(await dateOf('America/New_York')).toBe('2024-03-10 16:45');
    const { records } = await exportRecords({ search: `txn_time_zone_check_${path}` });
    expect(records[1]!.slice(COLUMN['Hold Amount'], COLUMN.Earning + 1)).toEqual(['0.00', '0.00', '10.00']);

    // and every row, against the list's UTC instants (India keeps +05:30 all year)
    const kolkata = await exportRecords({ timeZone: 'Asia/Kolkata', sortBy: 'amount' });
    const rows = await listed({ sortBy: 'amount' });
    expect(kolkata.records.slice(1)).toEqual(rows.map((r) => expectedRecord(r, 330)));
  });

  it('neutralises cells a spreadsheet would run as formulas, end to end', async () => {
    const db = api.database.db;
    const users = await db
      .insertInto('users')
      .values([
        // no first or last name: the Name column falls back to the display name
        {
          user_name: 'formula.one',
          email: 'formula.one@formula.test',
          display_name: '=HYPERLINK("http://evil.example","Click")',
          first_name: '',
          last_name: '',
        },
        {
          user_name: 'formula.two',
          email: 'formula.two@formula.test',
          display_name: 'Plain',
          first_name: '-2+3',
          last_name: '+cmd|" /C calc"!A0',
        },
        { user_name: 'formula.three', email: '@formula.three@formula.test', display_name: 'At', first_name: '@SUM(1)' },
      ])
      .returning(['id', 'user_name'])
      .execute();
    await db
      .insertInto('transactions')
      .values(
        users.map((u, i) => ({
          transaction_id: `txn_formula_${i}`,
          user_id: u.id,
          type: 'tip',
          status: 'completed',
          amount_cents: 500 + i,
          payable_amount_cents: 400,
        })),
      )
      .execute();

    const res = await exportRaw({ search: 'formula', sortBy: 'amount', sortOrder: 'asc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(ALL_QUOTED);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain(`"'-2+3 +cmd|"" /C calc""!A0"`);
    expect(res.body).toContain(`"'@formula.three@formula.test"`);
    const records = (parse(res.body, { bom: true }) as string[][]).slice(1);
    expect(records.map((r) => [r[COLUMN.Name], r[COLUMN.Email], r[COLUMN['Transaction ID']]])).toEqual([
      [`'=HYPERLINK("http://evil.example","Click")`, 'formula.one@formula.test', 'txn_formula_0'],
      [`'-2+3 +cmd|" /C calc"!A0`, 'formula.two@formula.test', 'txn_formula_1'],
      ["'@SUM(1)", "'@formula.three@formula.test", 'txn_formula_2'],
    ]);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', PAYMENT_MESSAGES.badTimeZone],
    [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'from', PAYMENT_MESSAGES.badDateRange],
    [{ to: 'tomorrow' }, 'to', 'to must be a valid date-time'],
    [{ sortBy: 'earning_cents' }, 'sortBy', 'sortBy has an unsupported value'],
    [{ status: 'paid' }, 'status', 'status has an unsupported value'],
  ])('refuses %j before streaming, as a JSON error', async (query, field, message) => {
    const res = await exportRaw(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ statusCode: 400, message, errors: { [field]: message } });
  });

  it('refuses a caller without a valid token', async () => {
    const res = await exportRaw({}, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401 });
    expect((await exportRaw({}, 'not-a-token')).statusCode).toBe(401);
  });

  describe('when a batch fails part way (batched path)', () => {
    /** The second batch's query fails for real: its column is gone, and comes back after. */
    function failSecondBatch() {
      usePath('batched');
      let batches = 0;
      exportTuning.batchSize = 7;
      exportTuning.readBatch = async (...args) => {
        if (++batches !== 2) return readExportBatch(...args);
        await sql`ALTER TABLE transactions RENAME COLUMN earning_cents TO earning_cents_gone`.execute(api.database.db);
        try {
          return await readExportBatch(...args);
        } finally {
          await sql`ALTER TABLE transactions RENAME COLUMN earning_cents_gone TO earning_cents`.execute(
            api.database.db,
          );
        }
      };
      return () => batches;
    }

    it('aborts the response instead of ending it (inject)', async () => {
      const batches = failSecondBatch();
      logs = '';
      await expect(exportRaw()).rejects.toThrow('response destroyed before completion');
      expect(batches()).toBe(2);
      expect(logs).toContain('transactions export failed part way');
      expect(logs).toContain('earning_cents');
    });

    it('cuts the connection, so a client never gets a complete-looking file (HTTP)', async () => {
      failSecondBatch();
      const res = await fetch(`${urlOf(api)}/api/v1/transaction/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get(EXPORT_TOTAL_HEADER))).toBe(await dbCount());
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('Video Call ID');
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return 'ended';
        })(),
      ).rejects.toThrow();
      // the server is fine afterwards
      expect((await list()).status).toBe(200);
    });
  });

  it('stops reading when the client goes away (batched path)', async () => {
    usePath('batched');
    let batches = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    exportTuning.batchSize = 7;
    exportTuning.readBatch = async (...args) => {
      if (++batches === 3) await gate;
      return readExportBatch(...args);
    };
    const abort = new AbortController();
    const res = await fetch(`${urlOf(api)}/api/v1/transaction/export`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    try {
      await res.body!.getReader().read();
      await eventually(() => batches === 3);
      abort.abort();
      // time for the server to see the connection go, while the third batch is still being read
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      release();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(batches).toBe(3);
  });

  if (backend === 'postgres') {
    describe('COPY on PostgreSQL', () => {
      /** The export as each path writes it, and how many batch queries each made. */
      async function bothPaths(query: Record<string, string>) {
        let batches = 0;
        exportTuning.readBatch = (...args) => {
          batches++;
          return readExportBatch(...args);
        };
        const out: Record<ExportPath, { body: string; total: string | undefined; batches: number }> = {} as never;
        for (const path of ['copy', 'batched'] as const) {
          usePath(path);
          batches = 0;
          const res = await exportRaw(query);
          expect(res.statusCode).toBe(200);
          out[path] = { body: res.body, total: res.headers[EXPORT_TOTAL_HEADER.toLowerCase()] as string, batches };
        }
        // COPY really served the first file: it read no batch, the batched path read at least one
        expect(out.copy.batches).toBe(0);
        expect(out.batched.batches).toBeGreaterThan(0);
        return out;
      }

      beforeAll(async () => {
        // Cells that tell the two writers apart if they differ in anything: quotes, commas and line
        // breaks inside cells (CRLF too), would-be formulas and plain numbers, whitespace JavaScript
        // trims and PostgreSQL's btrim() alone would not, characters beyond the BMP; and a summer
        // instant, where 'CET' as an IANA zone (+02:00) and as an abbreviation (+01:00) differ.
        const db = api.database.db;
        const people = [
          { first_name: '\u3000Zoë', last_name: 'O"Brien,\u00a0' },
          { first_name: '=HYPERLINK("x")', last_name: 'two\nlines' },
          { first_name: ' \t', last_name: '\n', display_name: '\tTabbed' },
          { first_name: '', last_name: '', display_name: '-12.50' },
          { first_name: '', last_name: '', display_name: '+1e5' },
          { first_name: 'Crlf\r\nInside', last_name: '😀' },
        ];
        const users = await db
          .insertInto('users')
          .values(
            people.map((p, i) => ({
              user_name: `copyeq.${i}`,
              email: i === 4 ? `@copyeq.${i}@copy.test` : `copyeq.${i}@copy.test`,
              display_name: 'Copy Eq',
              ...p,
            })),
          )
          .returning('id')
          .execute();
        const call = await db.selectFrom('video_calls').select('id').limit(1).executeTakeFirstOrThrow();
        await db
          .insertInto('transactions')
          .values(
            users.map((u, i) => ({
              transaction_id: ['=1+2', '-12.50', '+1e5', 'copyeq_"q"', 'copyeq,comma', '@copyeq'][i]!,
              user_id: u.id,
              video_call_id: i % 2 === 0 ? call.id : null,
              type: i % 2 === 0 ? 'tip' : 'video_call',
              status: i < 3 ? 'failed' : 'completed',
              amount_cents: 1005 + i,
              payable_amount_cents: 5 * i,
              hold_amount_cents: 1_234_567 * i,
              released_amount_cents: i,
              earning_cents: 99,
              created_at: i === 0 ? '2024-07-01T12:00:00.123456Z' : `2024-03-10T0${i}:30:00Z`,
            })),
          )
          .execute();
      });

      it.each([
        [{}],
        [{ search: 'copyeq', timeZone: 'Asia/Kolkata', sortBy: 'displayName', sortOrder: 'asc' }],
        [{ search: 'copyeq', timeZone: 'CET', from: '2024-07-01T12:00:00Z', to: '2024-07-01T12:00:01Z' }],
        [{ status: 'failed', type: 'tip', sortBy: 'platformFee', sortOrder: 'desc', timeZone: 'America/New_York' }],
        [{ search: 'copy.test', sortBy: 'email', sortOrder: 'desc', timeZone: 'Asia/Kathmandu' }],
      ])('writes, byte for byte, the file the batched path writes: %j', async (query) => {
        const { copy, batched } = await bothPaths(query);
        expect(copy.body).toMatch(ALL_QUOTED);
        expect(copy.total).toBe(batched.total);
        expect(Number(copy.total)).toBeGreaterThan(0);
        expect(copy.body).toBe(batched.body);
      });

      it('writes the cells and dates asked for, not only the same as the batched path', async () => {
        const { copy } = await bothPaths({ search: 'copyeq', timeZone: 'CET', sortBy: 'amount', sortOrder: 'asc' });
        const records = (parse(copy.body, { bom: true }) as string[][]).slice(1);
        expect(records.map((r) => [r[COLUMN.Name], r[COLUMN.Date], r[COLUMN['Transaction ID']]])).toEqual([
          ['Zoë O"Brien,', '2024-07-01 14:00', "'=1+2"],
          ['\'=HYPERLINK("x") two\nlines', '2024-03-10 02:30', '-12.50'],
          ["'\tTabbed", '2024-03-10 03:30', "'+1e5"],
          ['-12.50', '2024-03-10 04:30', 'copyeq_"q"'],
          ["'+1e5", '2024-03-10 05:30', 'copyeq,comma'],
          ['Crlf\r\nInside 😀', '2024-03-10 06:30', "'@copyeq"],
        ]);
        expect(records[4]![COLUMN.Email]).toBe("'@copyeq.4@copy.test");
        expect(records[2]![COLUMN['Hold Amount']]).toBe('24691.34');
      });

      it('takes what a search holds as text, never as SQL', async () => {
        for (const search of ["o'b\\rien'); DROP TABLE transactions; --", "\\'; SELECT pg_sleep(5); --", '%_\\']) {
          const { copy, batched } = await bothPaths({ search });
          expect(copy.body).toBe(batched.body);
        }
        expect(await dbCount()).toBeGreaterThan(0);
      });
    });
  }
});

/**
 * What only a large file shows on PostgreSQL: a download cut short by its client, and a COPY failing
 * while the client is still reading. A database of its own, as these rows would slow the lists above.
 */
const largeFileBackends = BACKENDS.filter((b) => b === 'postgres');
(largeFileBackends.length > 0 ? describe.each(largeFileBackends) : describe.skip.each<Backend>(['postgres']))(
  'GET /transaction/export on %s, a large file',
  (backend) => {
    let api: TestApi;
    let token: string;
    let logs = '';
    let total = 0;
    beforeAll(async () => {
      const logStream = new Writable({
        write(chunk, _enc, cb) {
          logs += chunk.toString();
          cb();
        },
      });
      api = await startTestApi(backend, { listen: true, logStream, env: { LOG_LEVEL: 'info' } });
      token = await api.signIn();
      // ~25 MB of CSV: far more than the sockets between database, server and client buffer, so a
      // COPY is still running while its client has read only the start.
      const payer = await api.database.db
        .insertInto('users')
        .values({ user_name: 'wide.payer', email: 'wide.payer@large.test', first_name: `Wide${'x'.repeat(2000)}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
      INSERT INTO transactions (transaction_id, user_id, type, status, amount_cents, payable_amount_cents)
      SELECT 'txn_large_' || g, ${payer.id}, 'tip', 'completed', g, g FROM generate_series(1, 12000) g`.execute(
        api.database.db,
      );
      total = Number(
        (
          await api.database.db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    });
    afterAll(async () => {
      api?.server.app.server.closeAllConnections();
      await api?.close();
    });

    const download = (signal?: AbortSignal) =>
      fetch(`${urlOf(api)}/api/v1/transaction/export`, {
        headers: { authorization: `Bearer ${token}` },
        // a connection never given back would make a later export wait for one forever
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
      });
    /** The database's sessions other than idle ones in the pool: what an export could have left behind. */
    const busySessions = async () =>
      (
        await sql<{ state: string; query: string }>`
        SELECT state, query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`.execute(api.database.db)
      ).rows;
    /** The export's own statement, while it runs. */
    const runningCopy = async () =>
      (
        await sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND query LIKE '/* transactions export %'`.execute(
          api.database.db,
        )
      ).rows[0]?.pid;
    const records = (body: string) => (parse(body, { bom: true }) as string[][]).length - 1;

    it('cancels the COPY of a download its client abandons, and the connection serves again', async () => {
      expect(total).toBeGreaterThan(12000);
      logs = '';
      // more downloads than the pool has connections: one not given back would stall the ones after it
      for (let i = 0; i < 12; i++) {
        const abort = new AbortController();
        const res = await download(abort.signal);
        expect(res.status).toBe(200);
        expect((await res.body!.getReader().read()).done).toBe(false);
        abort.abort();
      }
      await eventually(async () => (await busySessions()).length === 0, 10_000);
      expect(logs).toContain('transactions export cancelled: the client went away');
      expect(logs).not.toContain('failed part way');

      const res = await download();
      expect(res.status).toBe(200);
      expect(records(await res.text())).toBe(total);
    });

    it('cuts the response when the COPY fails part way, so the file never looks complete', async () => {
      logs = '';
      const res = await download();
      expect(res.status).toBe(200);
      expect(Number(res.headers.get(EXPORT_TOTAL_HEADER))).toBe(total);
      const reader = res.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('Video Call ID');
      // The client reads no further, so the COPY waits on it; the database then stops the statement,
      // as a statement_timeout or an operator would.
      const pid = await eventually(runningCopy);
      await sql`SELECT pg_cancel_backend(${pid})`.execute(api.database.db);
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return 'ended';
        })(),
      ).rejects.toThrow();
      expect(logs).toContain('transactions export failed part way');
      expect(logs).toContain('canceling statement due to user request');

      await eventually(async () => (await busySessions()).length === 0, 10_000);
      const again = await download();
      expect(records(await again.text())).toBe(total);
    });
  },
);
