import { sql } from 'kysely';
import { PAYMENT_MESSAGES, endpoints, type TransactionRow } from '@backoffice/shared-api/contract';
import { allPages } from './helpers/expect';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const cents = (dollars: number) => Math.round(dollars * 100);
/** The instant of the same hour as `instant` (UTC, as YYYY-MM-DDTHH:…Z) at minutes and seconds `mmss`. */
const within = (instant: string, mmss: string) => `${instant.slice(0, 14)}${mmss}Z`;

describe.each(BACKENDS)('GET /transaction/getTotals on %s', (backend) => {
  let api: TestApi;
  let token: string;
  /** Two instants a quarter and three quarters through the payments, as the database keeps them. */
  let lo: string;
  let hi: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
    const { rows } = await sql<{ at: string }>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
      FROM transactions ORDER BY created_at, id`.execute(api.database.db);
    lo = rows[Math.floor(rows.length / 4)]!.at;
    hi = rows[Math.floor((rows.length * 3) / 4)]!.at;
  });
  afterAll(() => api?.close());

  const totals = (query: Record<string, string>) =>
    api.call('GET', endpoints.getTransactionTotals.path, { token, query });
  const list = (query: Record<string, string>) => api.call('GET', endpoints.getAllTransactions.path, { token, query });

  it.each<[string, () => Record<string, string>]>([
    ['no filter', () => ({})],
    ['a status', () => ({ status: 'completed' })],
    ['a type', () => ({ type: 'tip' })],
    ['a payer search, trimmed', () => ({ search: '  BUSY.fan@example.com ' })],
    ['a short search', () => ({ search: 'an' })],
    ['a created-on range and a status', () => ({ from: lo, to: hi, status: 'completed' })],
    ['a range bounded on one side', () => ({ to: lo })],
    // Totals are kept per quarter hour: bounds inside one are completed from the rows around them.
    [
      'bounds inside a quarter hour, to the microsecond',
      () => ({ from: within(lo, '07:29.999999'), to: within(hi, '52:30.000001') }),
    ],
    ['a range inside one quarter hour', () => ({ from: within(lo, '00:00.000001'), to: within(lo, '14:59.999999') })],
    ['a range and a type', () => ({ from: within(lo, '30:00'), to: within(hi, '45:00'), type: 'video_call' })],
    // Payers' own totals without a range, their payments with one
    ['a payer search and a status', () => ({ search: 'an', status: 'completed' })],
    ['a payer search over a range', () => ({ search: 'busy.fan', from: lo, to: hi })],
  ])('adds up exactly the payments the list shows for %s', async (_what, query) => {
    const q = query();
    const rows = await allPages<TransactionRow>(list, q, 100);
    const r = await totals(q);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Transaction totals');
    const amount = rows.reduce((n, t) => n + cents(t.amount), 0);
    const payable = rows.reduce((n, t) => n + cents(t.payable_amount), 0);
    expect(r.body.data).toEqual({
      count: rows.length,
      totalTransactionAmount: amount / 100,
      totalPayableAmount: payable / 100,
      totalPlatformFee: (amount - payable) / 100,
    });
    expect(rows.reduce((n, t) => n + cents(t.platformFee), 0)).toBe(amount - payable);
  });

  it('is not vacuous: the filters select some payments and not all', async () => {
    const all = (await totals({})).body.data.count;
    const some = (await totals({ from: lo, to: hi, status: 'completed' })).body.data.count;
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(all);
  });

  it('is zero when nothing matches', async () => {
    const r = await totals({ from: '2999-01-01T00:00:00Z' });
    expect(r.body.data).toEqual({ count: 0, totalTransactionAmount: 0, totalPayableAmount: 0, totalPlatformFee: 0 });
  });

  it.each([
    [{ from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59Z' }, 'from', PAYMENT_MESSAGES.badDateRange],
    [{ from: '0000-01-01T00:00:00Z' }, 'from', 'from must be a valid date-time'],
    [{ to: 'tomorrow' }, 'to', 'to must be a valid date-time'],
    [{ status: 'paid' }, 'status', 'status has an unsupported value'],
    [{ search: 'x'.repeat(101) }, 'search', 'search must be at most 100 characters'],
  ])('refuses %j on its field, as the list does', async (query, field, message) => {
    for (const r of [await totals(query), await list(query)]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ statusCode: 400, message, errors: { [field]: message } });
    }
  });

  it('refuses a caller without a valid token', async () => {
    expect((await api.call('GET', endpoints.getTransactionTotals.path)).status).toBe(401);
  });
});
