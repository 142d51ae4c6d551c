import { Link } from '@backoffice/ui-kit/router';
import { Card, Typography, useLinkTo } from '@backoffice/ui-kit';

/** Setting's way to the releases of the remotes, for admins whose role may manage the platform. */
export function ReleasesCard() {
  const link = useLinkTo();
  return (
    <Card title="Releases" size="small">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Which version of each remote admins run, who released it, how it fares; promote, stage or roll back, and the
        deploy tokens the remote teams release with.
      </Typography.Paragraph>
      <Link to={link('releases')}>Open the releases</Link>
    </Card>
  );
}
