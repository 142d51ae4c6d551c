import { useEffect, useState } from 'react';
import { Alert, Button, Col, Flex, Grid, Row, Typography, lazyPage } from '@backoffice/ui-kit';

import { markScreenDrawn, useAuthUser } from '@backoffice/shared-api/runtime';
import { useBase } from '../layout/useBase';
import { FigureCard } from './FigureCard';
import { LatestPayoutRequests, LatestRequests } from './LatestRequests';
import { useDashboard } from './useDashboard';

// Its own chunk: the shell's initial JS does not carry chart code an admin may never scroll to.
// Asked for as the dashboard first renders (the page preloads it with the dashboard's other files).
let loadedCharts: typeof import('./charts/DashboardCharts').default | undefined;
const loadCharts = () =>
  import(/* webpackChunkName: "dashboard-charts" */ './charts/DashboardCharts').then((m) => (loadedCharts = m.default));
const DashboardCharts = lazyPage(
  loadCharts,
  <Typography.Text type="secondary">Loading charts…</Typography.Text>,
  () => loadedCharts,
);

/** Whether the charts' code is here; asks for it on the first call. */
function useChartsHere(): boolean {
  const [here, setHere] = useState(() => loadedCharts !== undefined);
  useEffect(() => {
    if (here) return;
    let live = true;
    loadCharts().then(
      () => live && setHere(true),
      // The lazy component shows its own failure and retries; the rest of the dashboard goes on.
      () => live && setHere(true),
    );
    return () => {
      live = false;
    };
  }, [here]);
  return here;
}

/** The first screen after sign-in: what needs the admin's attention and how the marketplace is doing. */
export function DashboardPage() {
  const user = useAuthUser();
  const { base } = useBase();
  const d = useDashboard(base);
  // The figures are on screen: the live updates may connect now (markScreenDrawn).
  useEffect(() => {
    if (!d.loading) markScreenDrawn();
  }, [d.loading]);
  const chartsHere = useChartsHere();
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
          // Five to a row, the longer titles take two lines: every card keeps room for them.
          <FigureCard key={card.key} card={card} loading={d.loading} titleLines={columns === 5 ? 2 : 1} />
        ))}
      </section>
      {/* The charts keep their place while the figures load, and what is below them appears with
          them: nothing on screen moves when they arrive (layout shift). */}
      <DashboardCharts
        loading={d.loading && !d.summary}
        revenueByDay={d.summary?.revenueByDay ?? null}
        callsByDay={d.summary?.callsByDay ?? null}
      />
      {chartsHere && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <LatestRequests rows={d.latestRequests} base={base} />
          </Col>
          <Col xs={24} xl={12}>
            <LatestPayoutRequests rows={d.latestPayoutRequests} base={base} />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
