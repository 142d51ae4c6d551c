import { useMemo, useState } from 'react';

interface Kept<Row> {
  row: Row;
  index: number;
}

interface KeptState<Row> {
  viewKey: string;
  rows: ReadonlyMap<string, Kept<Row>>;
}

/**
 * Rows the admin acted on stay where they were, in their new state, until the admin moves on (another
 * page, filter, search or sort). Without this, a request approved from the Pending list would vanish
 * when the list refreshes and the next row would slide up under the pointer, right where the admin
 * just clicked Approve; and the admin would not see the outcome of the decision they made.
 *
 * The server's version of a row wins whenever the server still lists it.
 */
export function useKeptRows<Row extends { _id: string }>(rows: Row[] | undefined, viewKey: string) {
  const [kept, setKept] = useState<KeptState<Row>>({ viewKey, rows: new Map() });
  // Moving to another view lets go of everything kept (adjusting state while rendering, as React advises).
  if (kept.viewKey !== viewKey) setKept({ viewKey, rows: new Map() });
  const current = kept.viewKey === viewKey ? kept.rows : undefined;

  const shown = useMemo(() => {
    if (!rows || !current || current.size === 0) return rows;
    const listed = new Set(rows.map((r) => r._id));
    const missing = [...current.values()].filter((k) => !listed.has(k.row._id)).sort((a, b) => a.index - b.index);
    const out = [...rows];
    for (const k of missing) out.splice(Math.min(k.index, out.length), 0, k.row);
    return out;
  }, [rows, current]);

  return {
    rows: shown,
    /** Keeps `row` (or its newer version) at the place it has on screen now. */
    keep: (row: Row) =>
      setKept((state) => {
        const next = new Map(state.viewKey === viewKey ? state.rows : []);
        const index = shown?.findIndex((r) => r._id === row._id) ?? -1;
        next.set(row._id, { row, index: index >= 0 ? index : (next.get(row._id)?.index ?? 0) });
        return { viewKey, rows: next };
      }),
    release: (id: string) =>
      setKept((state) => {
        if (!state.rows.has(id)) return state;
        const next = new Map(state.rows);
        next.delete(id);
        return { ...state, rows: next };
      }),
  };
}
