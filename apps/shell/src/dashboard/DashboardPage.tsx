import { useEffect } from 'react';
import { Alert, Button, Col, Flex, Grid, Row, Typography, lazyPage } from '@backoffice/ui-kit';

import { markScreenDrawn, useAuthUser } from '@backoffice/shared-api/runtime';
import { useBase } from '../layout/useBase';
import { FigureCard } from './FigureCard';
import { LatestPayoutRequests, LatestRequests } from './LatestRequests';
import { useDashboard } from './useDashboard';

// Its own chunk: the shell's initial JS does not carry chart code an admin may never scroll to.
const DashboardCharts = lazyPage(
  () => import('./charts/DashboardCharts').then((m) => m.default),
  <Typography.Text type="secondary">Loading charts…</Typography.Text>,
);

/** The first screen after sign-in: what needs the admin's attention and how the marketplace is doing. */
export function DashboardPage() {
  const user = useAuthUser();
  const { base } = useBase();
  const d = useDashboard(base);
  // The figures are on screen: the live updates may connect now (markScreenDrawn).
  useEffect(() => {
    if (!d.loading) markScreenDrawn();
  }, [d.loading]);
  const screens = Grid.useBreakpoint();
  const columns = screens.xl ? 5 : screens.sm ? 2 : 1;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Welcome, {user?.firstName} {user?.lastName}
        </Typography.Title>
        {d.updatedAt && <Typography.Text type="secondary">Updated {d.updatedAt}</Typography.Text>}
      </Flex>
      {d.error && (
        <Alert
          type="warning"
          showIcon
          title="The dashboard could not be loaded"
          description={d.error}
          action={
            <Button size="small" onClick={d.retry}>
              Retry
            </Button>
          }
        />
      )}
      <section
        aria-label="Figures"
        // Ten cards: two rows of five on a wide screen, pairs on a narrow one, never a lone last card.
        style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {d.cards.map((card) => (
          <FigureCard key={card.key} card={card} loading={d.loading} />
        ))}
      </section>
      {d.summary && <DashboardCharts revenueByDay={d.summary.revenueByDay} callsByDay={d.summary.callsByDay} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LatestRequests rows={d.latestRequests} base={base} />
        </Col>
        <Col xs={24} xl={12}>
          <LatestPayoutRequests rows={d.latestPayoutRequests} base={base} />
        </Col>
      </Row>
    </Flex>
  );
}
