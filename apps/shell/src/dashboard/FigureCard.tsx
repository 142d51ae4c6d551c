import { Link } from '@backoffice/ui-kit/router';
import { Badge, Card, Typography, theme } from '@backoffice/ui-kit';
import type { DashboardCard } from './dashboardCards';
import { useCanOpen } from '../layout/ScreenAccess';

export const UNAVAILABLE = 'Unavailable';

/**
 * One figure, a link to the list of what it counts. While the dashboard loads it shows a dash;
 * a figure the server could not compute says so, and the other cards are unaffected.
 */
export function FigureCard({
  card,
  loading,
  titleLines = 1,
}: {
  card: DashboardCard;
  loading: boolean;
  /** Lines kept for the title, so that a card is as tall loading as loaded (no layout shift). */
  titleLines?: number;
}) {
  const { token } = theme.useToken();
  const unavailable = !loading && card.value === undefined;
  // A figure of a list the admin's role does not open is shown, not linked.
  const linked = useCanOpen()(card.to);
  const body = (
    <Card hoverable={linked} size="small" style={{ height: '100%' }} data-figure-card={linked ? undefined : card.key}>
      <div style={{ minHeight: titleLines * token.fontSize * token.lineHeight }}>
        <Typography.Text type="secondary">
          {card.needsAction ? <Badge status="warning" text={card.title} /> : card.title}
        </Typography.Text>
      </div>
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
      <div style={{ minHeight: token.fontSizeSM * token.lineHeightSM }}>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {loading || unavailable ? ' ' : card.note}
        </Typography.Text>
      </div>
    </Card>
  );
  return linked ? (
    <Link to={card.to} style={{ display: 'block', height: '100%' }} data-figure-card={card.key}>
      {body}
    </Link>
  ) : (
    body
  );
}
