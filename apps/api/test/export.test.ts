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
import { BACKENDS, eventually, startTestApi, type TestApi } from './helpers/test-api';

type Row = TransactionRow;
const DEFAULT_BATCH = exportTuning.batchSize;
const COLUMN = Object.fromEntries(TRANSACTION_EXPORT_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof TRANSACTION_EXPORT_COLUMNS)[number],
  number
>;
/** A whole file of quoted cells: every cell opens and closes with a quote, records end with CRLF. */
const ALL_QUOTED = /^\uFEFF(?:"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*\r\n)+$/;
const FORMULA_START = /^[=+\-@\t\r]/;

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
    'in batches, sortBy %s %s',
    (sortBy, sortOrder) => {
      it("resumes each batch where the last one ended, in the list's order", async () => {
        // Small batches: many keyset steps, across the ties of every sort.
        exportTuning.batchSize = 7;
        const { records } = await exportRecords({ sortBy, sortOrder });
        expect(transactionIds(records)).toEqual((await listed({ sortBy, sortOrder })).map((r) => r.transactionId));
      });
    },
  );

  it('reads the rows in batches of the batch size, one query each', async () => {
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

  it('writes dates in the time zone asked for', async () => {
    // 20:45 UTC on the day New York moved to summer time is 02:15 the next day in Kolkata.
    const userId = await somePayer();
    await api.database.db
      .insertInto('transactions')
      .values({
        transaction_id: 'txn_time_zone_check',
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
      const { records } = await exportRecords({ search: 'txn_time_zone_check', ...(timeZone ? { timeZone } : {}) });
      expect(records).toHaveLength(2);
      return records[1]![COLUMN.Date];
    };
    expect(await dateOf()).toBe('2024-03-10 20:45');
    expect(await dateOf('UTC')).toBe('2024-03-10 20:45');
    expect(await dateOf('Asia/Kolkata')).toBe('2024-03-11 02:15');
    expect(await dateOf('America/New_York')).toBe('2024-03-10 16:45');
    const { records } = await exportRecords({ search: 'txn_time_zone_check' });
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

  describe('when a batch fails part way', () => {
    /** The second batch's query fails for real: its column is gone, and comes back after. */
    function failSecondBatch() {
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

  it('stops reading when the client goes away', async () => {
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
});
