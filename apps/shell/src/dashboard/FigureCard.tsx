import { Link } from '@backoffice/ui-kit/router';
import { Badge, Card, Typography, theme } from '@backoffice/ui-kit';
import type { DashboardCard } from './dashboardCards';

export const UNAVAILABLE = 'Unavailable';

/**
 * One figure, a link to the list of what it counts. While the dashboard loads it shows a dash;
 * a figure the server could not compute says so, and the other cards are unaffected.
 */
export function FigureCard({ card, loading }: { card: DashboardCard; loading: boolean }) {
  const { token } = theme.useToken();
  const unavailable = !loading && card.value === undefined;
  return (
    <Link to={card.to} style={{ display: 'block', height: '100%' }} data-figure-card={card.key}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Typography.Text type="secondary">
          {card.needsAction ? <Badge status="warning" text={card.title} /> : card.title}
        </Typography.Text>
        <div
          data-figure
          aria-busy={loading}
          title={unavailable ? 'This figure could not be loaded; the others are up to date.' : undefined}
          style={{
            fontSize: unavailable ? token.fontSizeLG : token.fontSizeHeading3,
            fontWeight: 600,
            lineHeight: 1.4,
            color: unavailable ? token.colorTextTertiary : token.colorText,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {loading ? '–' : (card.value ?? UNAVAILABLE)}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {loading || unavailable ? ' ' : card.note}
        </Typography.Text>
      </Card>
    </Link>
  );
}
