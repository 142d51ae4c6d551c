import { Button, Flex, Typography } from '@backoffice/ui-kit/antd';

export type PageWindowItem = number | 'ellipsis';

/**
 * The page numbers to offer: every page when they fit in `maxLinks`, otherwise the first and the
 * last page around a window centred on the current one, with 'ellipsis' where pages are skipped.
 * Spec section 9: at most five page links before collapsing.
 */
export function pageWindow(page: number, pageCount: number, maxLinks = 5): PageWindowItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  if (count <= maxLinks) return Array.from({ length: count }, (_, i) => i + 1);
  // First and last always show; fewer than three links leave no room for them.
  if (maxLinks < 3) return [current];

  const slots = maxLinks - 2;
  const start = Math.min(Math.max(2, current - Math.floor((slots - 1) / 2)), count - slots);
  const end = start + slots - 1;
  const middle = Array.from({ length: slots }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? ['ellipsis' as const] : []),
    ...middle,
    ...(end < count - 1 ? ['ellipsis' as const] : []),
    count,
  ];
}

const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** How sure a list's total is when it is not exact (the API's `totalIs`). */
export type ListTotalIs = 'about' | 'atLeast';

/**
 * "of 1,234 entries" when exact. A list too large to count on every request says so instead of
 * making the admin wait: "of about 2.4 million entries" (an estimate), "of more than 10,000
 * entries" (at least that many).
 */
export function entriesOf(total: number, totalIs?: ListTotalIs): string {
  if (totalIs === 'atLeast') return `more than ${(total - 1).toLocaleString('en-US')} entries`;
  if (totalIs === 'about') {
    const rounded =
      total >= 1_000_000
        ? `${(total / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} million`
        : total.toLocaleString('en-US');
    return `about ${rounded} entries`;
  }
  return `${total} entries`;
}

interface PagerBase {
  /** From 1. */
  page: number;
  pageSize: number;
  total: number;
  /** Absent when `total` is exact. */
  totalIs?: ListTotalIs;
  onChange: (page: number) => void;
}

export interface NumberedPagerProps extends PagerBase {
  variant: 'numbered';
}

export interface SimplePagerProps extends PagerBase {
  variant: 'simple';
  /** How many rows the current page returned; the simple pager hides below a full page. */
  rowsOnPage: number;
}

export type PagerProps = NumberedPagerProps | SimplePagerProps;

function NumberedPager({ page, pageSize, total, totalIs, onChange }: NumberedPagerProps) {
  // Past an estimated end there may be more pages: the admin can go on while pages come back full.
  const pageCount = Math.max(pageCountOf(total, pageSize), totalIs ? page + 1 : 1);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = totalIs ? page * pageSize : Math.min(page * pageSize, total);
  const go = (target: number) => {
    if (target !== page) onChange(target);
  };
  return (
    <Flex justify="space-between" align="center" wrap gap="small">
      <Typography.Text type="secondary">{`Showing ${from} to ${to} of ${entriesOf(total, totalIs)}`}</Typography.Text>
      <nav aria-label="Pagination">
        <Flex gap="small" align="center" wrap>
          <Button disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, pageCount).map((item, index) =>
            item === 'ellipsis' ? (
              <Typography.Text key={`ellipsis-${index}`} type="secondary">
                …
              </Typography.Text>
            ) : (
              <Button
                key={item}
                type={item === page ? 'primary' : 'default'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            ),
          )}
          <Button disabled={page >= pageCount} onClick={() => go(page + 1)}>
            Next
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}

/**
 * Spec, fan detail: 'Prev', 'Next' and 'Page X of Y', hidden when the page returned fewer rows than
 * the limit (which also hides it on a short last page: that is the specified behaviour).
 */
function SimplePager({ page, pageSize, total, rowsOnPage, onChange }: SimplePagerProps) {
  if (rowsOnPage < pageSize) return null;
  const pageCount = pageCountOf(total, pageSize);
  return (
    <nav aria-label="Pagination">
      <Flex justify="flex-end" align="center" gap="small">
        <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Prev
        </Button>
        <Typography.Text>{`Page ${page} of ${pageCount}`}</Typography.Text>
        <Button disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Flex>
    </nav>
  );
}

/** The one pager: 'numbered' under list screens, 'simple' under the fan detail tables. */
export function Pager(props: PagerProps) {
  return props.variant === 'simple' ? <SimplePager {...props} /> : <NumberedPager {...props} />;
}
