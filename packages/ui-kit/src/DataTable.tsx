import type { CSSProperties, ReactNode } from 'react';
import { Spin, theme } from '@backoffice/ui-kit/antd';
import { CaretDownOutlined, CaretUpOutlined } from '@backoffice/ui-kit/antd';
import { visuallyHidden } from './visuallyHidden';

export type DataTableSortOrder = 'asc' | 'desc';

export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  /** Defaults to the row's `key` property as text. */
  render?: (row: Row, index: number) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface DataTableSort {
  sortBy?: string;
  sortOrder?: DataTableSortOrder;
}

export interface DataTableProps<Row> {
  columns: Array<DataTableColumn<Row>>;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  sort?: DataTableSort;
  onSortChange?: (sortBy: string, sortOrder: DataTableSortOrder) => void;
  emptyText?: ReactNode;
  /** Names the table for screen readers; not shown. */
  caption?: string;
  footer?: ReactNode;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function Loader() {
  return (
    <div role="status" aria-label="Loading">
      <Spin />
    </div>
  );
}

function defaultCell<Row>(row: Row, key: string): string {
  const value = (row as Record<string, unknown>)[key];
  return String(value ?? '');
}

/**
 * The one table of every list screen: a plain <table> styled from the antd theme tokens, because
 * antd's Table costs ~200 KiB and mounts ~15x slower (STACK-NOTES). Sorting and paging are the
 * caller's (they live in the URL and the server does them); this only shows and reports clicks.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  sort,
  onSortChange,
  emptyText = 'Data Not Found',
  caption,
  footer,
}: DataTableProps<Row>) {
  const { token } = theme.useToken();
  const hasRows = !!rows && rows.length > 0;
  const cell: CSSProperties = {
    padding: `${token.paddingSM}px ${token.padding}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    verticalAlign: 'middle',
  };
  const headerCell: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    whiteSpace: 'nowrap',
  };
  const sortButton: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: token.marginXXS,
    padding: 0,
    border: 0,
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
  };

  const header = (column: DataTableColumn<Row>) => {
    const style = { ...headerCell, textAlign: column.align ?? 'left', width: column.width };
    if (!column.sortable) {
      return (
        <th key={column.key} scope="col" style={style}>
          {column.title}
        </th>
      );
    }
    const order = sort?.sortBy === column.key ? sort.sortOrder : undefined;
    // Another column starts ascending; the sorted one flips.
    const next: DataTableSortOrder = order === 'asc' ? 'desc' : 'asc';
    const inactive = { color: token.colorTextQuaternary };
    const active = { color: token.colorPrimary };
    return (
      <th key={column.key} scope="col" style={style} aria-sort={order ? ARIA_SORT[order] : 'none'}>
        <button type="button" style={sortButton} onClick={() => onSortChange?.(column.key, next)}>
          {column.title}
          <span aria-hidden style={{ display: 'inline-flex', flexDirection: 'column', fontSize: 10, lineHeight: 1 }}>
            <CaretUpOutlined style={order === 'asc' ? active : inactive} />
            <CaretDownOutlined style={order === 'desc' ? active : inactive} />
          </span>
        </button>
      </th>
    );
  };

  const fullWidthRow = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length} style={{ ...cell, textAlign: 'center', color: token.colorTextSecondary }}>
        {content}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (hasRows) {
    body = rows.map((row, index) => (
      <tr key={rowKey(row)}>
        {columns.map((column) => (
          <td key={column.key} style={{ ...cell, textAlign: column.align ?? 'left' }}>
            {column.render ? column.render(row, index) : defaultCell(row, column.key)}
          </td>
        ))}
      </tr>
    ));
  } else {
    body = fullWidthRow(loading ? <Loader /> : emptyText);
  }

  return (
    <div>
      <div style={{ position: 'relative', overflowX: 'auto' }}>
        <table
          aria-busy={loading}
          style={{
            width: '100%',
            borderCollapse: 'collapse',
            background: token.colorBgContainer,
            color: token.colorText,
            fontSize: token.fontSize,
            // Rows stay readable but visibly stale while the next page loads over them.
            opacity: loading && hasRows ? 0.5 : 1,
          }}
        >
          {caption && <caption style={visuallyHidden}>{caption}</caption>}
          <thead>
            <tr>{columns.map(header)}</tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
        {loading && hasRows && (
          <div
            style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Loader />
          </div>
        )}
      </div>
      {footer && <div style={{ marginTop: token.marginSM }}>{footer}</div>}
    </div>
  );
}
