import { CALL_STATUSES, type CallsDay, type RevenueDay } from '@backoffice/shared-api';
import { Card, Col, Row, Typography, formatDollars } from '@backoffice/ui-kit';
import { BarChart, type BarSeries } from './BarChart';

/** Colours that read on the light and the dark theme alike. */
const STATUS_COLORS: Record<(typeof CALL_STATUSES)[number], string> = {
  Requested: '#8c8c8c',
  Accepted: '#1677ff',
  Ongoing: '#13c2c2',
  Completed: '#52c41a',
  Missed: '#faad14',
  Cancelled: '#eb2f96',
  Rejected: '#f5222d',
};

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const formatCount = (n: number) => COUNT.format(n);
// The axis needs the order of magnitude, not the cents: "$20K" where the tooltips say "$20,000.00".
const AXIS_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const formatAxisDollars = (n: number) => AXIS_DOLLARS.format(n);

function Unavailable({ what }: { what: string }) {
  return <Typography.Text type="secondary">{`${what} is unavailable right now.`}</Typography.Text>;
}

export interface DashboardChartsProps {
  revenueByDay: RevenueDay[] | null;
  callsByDay: CallsDay[] | null;
  /** The dashboard is loading: empty charts of the same size, in their places. */
  loading?: boolean;
}

/**
 * The dashboard's two charts. Loaded on its own (React.lazy) when the dashboard first renders, so the
 * chart code is not part of the shell's initial JS.
 */
export default function DashboardCharts({ revenueByDay: revenue, callsByDay: calls, loading }: DashboardChartsProps) {
  const revenueByDay = loading ? [] : revenue;
  const callsByDay = loading ? [] : calls;
  const revenueSeries: BarSeries[] = revenueByDay
    ? [
        { key: 'revenue', label: 'Revenue', color: '#1677ff', values: revenueByDay.map((d) => d.revenue) },
        { key: 'fee', label: 'Platform fee', color: '#faad14', values: revenueByDay.map((d) => d.platformFee) },
      ]
    : [];
  const callSeries: BarSeries[] = callsByDay
    ? CALL_STATUSES.map((status) => ({
        key: status,
        label: status,
        color: STATUS_COLORS[status],
        values: callsByDay.map((d) => d[status]),
      }))
    : [];
  return (
    <Row gutter={[16, 16]} aria-busy={!!loading} data-charts>
      <Col xs={24} xl={12}>
        <Card title="Revenue and platform fee per day, last 30 days" size="small">
          {revenueByDay ? (
            <BarChart
              title="Revenue and platform fee per day over the last 30 days"
              labels={revenueByDay.map((d) => d.day)}
              series={revenueSeries}
              format={formatDollars}
              axisFormat={formatAxisDollars}
            />
          ) : (
            <Unavailable what="Revenue per day" />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Calls per day by status, last 30 days" size="small">
          {callsByDay ? (
            <BarChart
              title="Calls requested per day by status over the last 30 days"
              labels={callsByDay.map((d) => d.day)}
              series={callSeries}
              stacked
              format={formatCount}
            />
          ) : (
            <Unavailable what="Calls per day" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
