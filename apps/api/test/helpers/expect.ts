import type { Reply } from './test-api';

/** A malformed id is refused by the schema, with its field named, before any query runs. */
export function expectMalformedId(reply: Reply, field = 'id'): void {
  expect(reply.status).toBe(400);
  expect(reply.body.errors).toEqual({ [field]: `${field} must be a valid uuid` });
}

/**
 * Every row of a list, page after page of `limit`, in the order the API gives them; checks that the
 * pages add up to the reported total.
 */
export async function allPages<Row>(
  list: (query: Record<string, string>) => Promise<Reply>,
  query: Record<string, string>,
  limit: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await list({ ...query, limit: String(limit), page: String(page) });
    expect(r.status).toBe(200);
    rows.push(...(r.body.data as Row[]));
    if (r.body.data.length < limit) {
      expect(rows).toHaveLength(r.body.total!);
      return rows;
    }
  }
}
