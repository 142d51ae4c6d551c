import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

describe.each(BACKENDS)('GET /redemption/getAll on %s', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const list = (query: Record<string, string> = {}) => api.call('GET', '/redemption/getAll', { token, query });
  const count = async (where?: (q: any) => any) => {
    let q = api.database.db.selectFrom('redemptions as r').select((eb) => eb.fn.countAll().as('n'));
    if (where) q = where(q);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it('returns records with the fields of the spec, newest first, 10 a page', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(await count());
    expect(r.body.data).toHaveLength(10);
    expect(Object.keys(r.body.data[0]).sort()).toEqual([
      '_id',
      'discountAmount',
      'discountCode',
      'discountCodeType',
      'displayName',
      'redeemedAt',
      'status',
    ]);
    const ids: string[] = r.body.data.map((x: { _id: string }) => x._id);
    const created = await api.database.db
      .selectFrom('redemptions')
      .select(['id', 'created_at'])
      .where('id', 'in', ids)
      .execute();
    const times = ids.map((id) => new Date(created.find((c) => c.id === id)!.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('applies the spec defaults: "N/A" for a missing user or code, "Inactive"', async () => {
    const orphan = await api.database.db
      .selectFrom('redemptions')
      .select('id')
      .where('user_id', 'is', null)
      .executeTakeFirstOrThrow();
    const all = await list({ limit: '100', sortBy: 'displayName', sortOrder: 'desc' });
    const pages = Math.ceil((all.body.total ?? 0) / 100);
    let found: Record<string, unknown> | undefined;
    for (let p = 1; p <= pages && !found; p++) {
      found = (await list({ limit: '100', page: String(p) })).body.data.find(
        (x: { _id: string }) => x._id === orphan.id,
      );
    }
    expect(found).toMatchObject({ displayName: 'N/A' });
    const noCode = await api.database.db
      .selectFrom('redemptions')
      .select('id')
      .where('discount_code_id', 'is', null)
      .executeTakeFirst();
    if (noCode) {
      let row: Record<string, unknown> | undefined;
      for (let p = 1; p <= pages && !row; p++) {
        row = (await list({ limit: '100', page: String(p) })).body.data.find(
          (x: { _id: string }) => x._id === noCode.id,
        );
      }
      expect(row).toMatchObject({ discountCode: 'N/A', discountCodeType: 'N/A' });
    }
    const statuses = new Set((await list({ limit: '100' })).body.data.map((x: { status: string }) => x.status));
    for (const s of statuses) expect(['Active', 'Inactive']).toContain(s);
  });

  it.each(['discountAmount', 'displayName', 'discountCode', 'redeemedAt'])('sorts by %s both ways', async (sortBy) => {
    const asc = (await list({ sortBy, sortOrder: 'asc', limit: '100' })).body.data;
    const desc = (await list({ sortBy, sortOrder: 'desc', limit: '100' })).body.data;
    expect(asc[0]._id).not.toBe(desc[0]._id);
    if (sortBy === 'discountAmount') {
      const amounts = asc.map((x: { discountAmount: number }) => x.discountAmount);
      expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    }
  });

  it('searches by display name or code name, trimmed', async () => {
    const code = await api.database.db
      .selectFrom('discount_codes')
      .select(['code_name', 'id'])
      .where('total_redeem', '>', 0)
      .executeTakeFirstOrThrow();
    const r = await list({ search: `  ${code.code_name}  `, limit: '100' });
    expect(r.body.total).toBeGreaterThan(0);
    for (const x of r.body.data) expect(x.discountCode.toLowerCase()).toContain(code.code_name.toLowerCase());
  });

  it('filters by a code id or code name through filterValue', async () => {
    const code = await api.database.db
      .selectFrom('discount_codes')
      .select(['code_name', 'id', 'total_redeem'])
      .where('total_redeem', '>', 0)
      .executeTakeFirstOrThrow();
    const byId = await list({ filterValue: code.id, limit: '100' });
    expect(byId.body.total).toBe(code.total_redeem);
    for (const x of byId.body.data) expect(x.discountCode).toBe(code.code_name);
    const byName = await list({ filterValue: code.code_name, limit: '100' });
    expect(byName.body.total).toBe(code.total_redeem);
    expect((await list({ filterValue: 'NO-SUCH-CODE' })).body).toMatchObject({ data: [], total: 0 });
  });

  it('sends money as dollars', async () => {
    const r = await list({ sortBy: 'discountAmount', sortOrder: 'desc', limit: '1' });
    const top = await api.database.db
      .selectFrom('redemptions')
      .select('discount_amount_cents')
      .orderBy('discount_amount_cents', 'desc')
      .executeTakeFirstOrThrow();
    expect(r.body.data[0].discountAmount).toBe(top.discount_amount_cents / 100);
  });

  it('rejects a sortBy outside the whitelist', async () => {
    const r = await list({ sortBy: 'r.id; drop table redemptions' });
    expect(r.status).toBe(400);
    expect(await count()).toBeGreaterThan(0);
  });
});
