import { Button, Flex, Typography, formatDollars } from '@backoffice/ui-kit';
import type { TransactionTotals as Totals } from '@backoffice/shared-api';
import type { TotalsLine } from './useTransactionTotalsLine';

const FIGURES: ReadonlyArray<readonly [term: string, value: (t: Totals) => string]> = [
  ['Payments', (t) => t.count.toLocaleString('en-US')],
  ['Amount', (t) => formatDollars(t.totalTransactionAmount)],
  ['Payable', (t) => formatDollars(t.totalPayableAmount)],
  ['Platform fee', (t) => formatDollars(t.totalPlatformFee)],
];

const BARE = { margin: 0 };

/**
 * What the payments the list selects add up to, every page included: the figures the dashboard's
 * revenue and fee cards show for the same filters. A live region, so a new filter's sums are read out.
 */
export function TransactionTotals({ line }: { line: TotalsLine }) {
  return (
    <div role="status" aria-label="Totals" aria-busy={line.state === 'loading'}>
      {line.state === 'ready' && (
        // antd's Flex takes one gap; the figures need a wide one between them, a narrow one between rows.
        <Flex component="dl" wrap style={{ ...BARE, columnGap: 32, rowGap: 4 }}>
          {FIGURES.map(([term, value]) => (
            // A div groups each term with its value; it is allowed inside a dl.
            <Flex key={term} gap={6} align="baseline">
              <dt>
                <Typography.Text type="secondary">{term}</Typography.Text>
              </dt>
              <dd style={BARE}>
                <Typography.Text strong>{value(line.totals)}</Typography.Text>
              </dd>
            </Flex>
          ))}
        </Flex>
      )}
      {line.state === 'loading' && <Typography.Text type="secondary">Adding up the totals…</Typography.Text>}
      {line.state === 'unavailable' && (
        <Typography.Text type="secondary">
          Totals unavailable{' '}
          <Button type="link" size="small" aria-label="Retry totals" onClick={line.retry}>
            Retry
          </Button>
        </Typography.Text>
      )}
    </div>
  );
}
