import { Link } from '@backoffice/ui-kit/router';
import { Card, Typography } from '@backoffice/ui-kit';

/** Setting's way to the audit log: the side menu stays the spec's, so the log is reached from here. */
export function AuditLogCard() {
  return (
    <Card title="Audit log" size="small">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Who did what and when: sign-ins, failed sign-ins and lockouts, password changes, and every change an admin made
        to accounts, requests, payouts, templates, discount codes and payment methods.
      </Typography.Paragraph>
      {/* Route-relative: from setting, under /app or at the root alike. */}
      <Link to="audit-log">Open the audit log</Link>
    </Card>
  );
}
