import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
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
  /**
   * Lets the cell's text wrap (a notification's sentence). Cells are one line otherwise, so a row
   * stays a row's height and a wide table scrolls instead of growing tall.
   */
  wrap?: boolean;
  /** Kept in view at the table's right edge while a wide table scrolls: a row's actions. */
  stickyRight?: boolean;
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
  /** The pager: shown with the rows, not while the first page loads (it would read "0 of 0"). */
  footer?: ReactNode;
  /** How many placeholder rows stand in for the page while it first loads: its page size. */
  skeletonRows?: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function Loader() {
  return (
    <div role="status" aria-label="Loading">
      <Spin />
    </div>
  );
}

/**
 * Whether the element scrolls sideways now (a wide table on a phone). Such a region must be
 * reachable by keyboard to be scrolled, which a table with no link or button in it is not.
 */
/** `content` names what the scroller holds: when it changes (placeholder to table), measure the new child. */
function useScrollsSideways(content: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [content]);
  return [ref, scrolls] as const;
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
  skeletonRows = 10,
}: DataTableProps<Row>) {
  const { token } = theme.useToken();
  const captionId = useId();
  const hasRows = !!rows && rows.length > 0;
  // No rows to show yet: the page's rows are still on their way (first load, or a new search).
  const awaitingRows = loading && !hasRows;
  const [scroller, scrollsSideways] = useScrollsSideways(awaitingRows);
  const cell: CSSProperties = {
    // Narrow sides (antd's small table): ten columns fit a 1440 px screen beside the side menu.
    padding: `${token.paddingSM}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    verticalAlign: 'middle',
  };
  const headerCell: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    // A two-word heading may take two lines: the column is then as wide as its values.
    whiteSpace: 'normal',
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

  // Opaque, so the cells scrolling under it do not show through; the header keeps its tint on top.
  const sticky = (column: DataTableColumn<Row>, tint?: string): CSSProperties =>
    column.stickyRight
      ? {
          position: 'sticky',
          right: 0,
          background: token.colorBgContainer,
          backgroundImage: tint ? `linear-gradient(${tint}, ${tint})` : undefined,
          boxShadow: `-1px 0 0 ${token.colorBorderSecondary}`,
        }
      : {};

  const header = (column: DataTableColumn<Row>) => {
    const style = {
      ...headerCell,
      textAlign: column.align ?? 'left',
      width: column.width,
      ...sticky(column, token.colorFillAlter),
    };
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
          <td
            key={column.key}
            style={{
              ...cell,
              textAlign: column.align ?? 'left',
              whiteSpace: column.wrap ? 'normal' : 'nowrap',
              ...sticky(column),
            }}
          >
            {column.render ? column.render(row, index) : defaultCell(row, column.key)}
          </td>
        ))}
      </tr>
    ));
  } else {
    body = fullWidthRow(emptyText);
  }

  // Placeholder rows of a page's height, so the pager and what follows do not jump when rows come.
  // Not a table: a table's columns take their widths from the rows, so headers drawn before the
  // rows would move when they came (layout shift); this block is replaced as a whole.
  const lineHeight = Math.round(token.fontSize * token.lineHeight);
  const skeletonRow = (height: number, tint?: string): CSSProperties => ({
    ...cell,
    boxSizing: 'content-box',
    height,
    background: tint,
  });
  const bar: CSSProperties = {
    display: 'block',
    // A one-line row with a small control (a tag, a switch, an action button), as most lists have.
    height: token.controlHeightSM,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillSecondary,
  };
  const skeleton = (
    <div data-skeleton-table style={{ background: token.colorBgContainer }}>
      <span role="status" aria-label="Loading" style={visuallyHidden}>
        Loading
      </span>
      <div aria-hidden style={skeletonRow(lineHeight, token.colorFillAlter)} />
      {Array.from({ length: skeletonRows }, (_, i) => (
        <div key={i} aria-hidden data-skeleton style={skeletonRow(token.controlHeightSM)}>
          <span style={bar} />
        </div>
      ))}
    </div>
  );

  return (
    <div>
      {/* Only while it scrolls is it a stop in the tab order: a keyboard then scrolls it with the arrows. */}
      <div
        ref={scroller}
        style={{ position: 'relative', overflowX: 'auto' }}
        {...(scrollsSideways && {
          tabIndex: 0,
          ...(caption && { role: 'region', 'aria-labelledby': captionId }),
        })}
      >
        {awaitingRows ? (
          skeleton
        ) : (
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
            {caption && (
              <caption id={captionId} style={visuallyHidden}>
                {caption}
              </caption>
            )}
            <thead>
              <tr>{columns.map(header)}</tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        )}
        {loading && hasRows && (
          <div
            style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Loader />
          </div>
        )}
      </div>
      {footer &&
        (awaitingRows || rows === undefined ? (
          // The pager's room, kept empty: it appears with the rows, and nothing below it moves.
          <div aria-hidden style={{ marginTop: token.marginSM, height: token.controlHeight }} />
        ) : (
          <div style={{ marginTop: token.marginSM }}>{footer}</div>
        ))}
    </div>
  );
}
