import { Link } from '@backoffice/ui-kit/router';
import type { PayoutRequestRow, RequestRow } from '@backoffice/shared-api';
import { Card, DecisionStatusTag, Flex, Typography, formatDateTime, formatDollars } from '@backoffice/ui-kit';
import { useCanOpen } from '../layout/ScreenAccess';

interface LatestItem {
  key: string;
  title: string;
  /** Where the item opens. */
  to: string;
  detail: string;
  when: string;
  status: RequestRow['status'];
}

function LatestCard({
  title,
  items,
  allTo,
  empty,
}: {
  title: string;
  items: LatestItem[] | null | undefined;
  allTo: string;
  empty: string;
}) {
  const canOpen = useCanOpen();
  return (
    <Card
      title={title}
      size="small"
      extra={canOpen(allTo) ? <Link to={allTo}>View all</Link> : undefined}
      style={{ height: '100%' }}
    >
      {items === undefined ? (
        <Typography.Text type="secondary">Loading…</Typography.Text>
      ) : items === null ? (
        <Typography.Text type="secondary">{`${title} are unavailable right now.`}</Typography.Text>
      ) : items.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.key} style={{ padding: '6px 0' }}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <span>
                  {canOpen(item.to) ? <Link to={item.to}>{item.title}</Link> : item.title}
                  <Typography.Text type="secondary">{` · ${item.detail}`}</Typography.Text>
                </span>
                <span>
                  <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                    {item.when}
                  </Typography.Text>
                  <DecisionStatusTag status={item.status} />
                </span>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const nameOf = (r: { displayName: string; firstName?: string; lastName?: string }) =>
  r.displayName || `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || 'N/A';

/** The newest influencer requests: who applied and when (requested on is the request's updatedAt). */
export function LatestRequests({ rows, base }: { rows: RequestRow[] | null | undefined; base: string }) {
  return (
    <LatestCard
      title="Latest requests"
      allTo={`${base}/requests?status=all`}
      empty="No influencer requests yet."
      items={rows?.map((r) => ({
        key: r._id,
        title: nameOf(r),
        to: `${base}/requests/view/${r._id}`,
        detail: r.email,
        when: formatDateTime(r.updatedAt),
        status: r.status,
      }))}
    />
  );
}

/** The newest payout requests: who asks, how much they are paid out, and when they asked. */
export function LatestPayoutRequests({ rows, base }: { rows: PayoutRequestRow[] | null | undefined; base: string }) {
  return (
    <LatestCard
      title="Latest payout requests"
      allTo={`${base}/payouts-requests?status=all`}
      empty="No payout requests yet."
      items={rows?.map((r) => ({
        key: r._id,
        title: nameOf(r),
        // Payout requests have no page of their own: the list, searched for this influencer.
        to: `${base}/payouts-requests?${new URLSearchParams({ status: 'all', search: r.email })}`,
        detail: formatDollars(r.payable_amount),
        when: formatDateTime(r.createdAt),
        status: r.status,
      }))}
    />
  );
}
