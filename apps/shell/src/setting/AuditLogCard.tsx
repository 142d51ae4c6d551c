import { Link } from '@backoffice/ui-kit/router';
import { Card, Typography, useLinkTo } from '@backoffice/ui-kit';

/** Setting's way to the audit log: the side menu stays the spec's, so the log is reached from here. */
export function AuditLogCard() {
  const link = useLinkTo();
  return (
    <Card title="Audit log" size="small">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Who did what and when: sign-ins, failed sign-ins and lockouts, password changes, and every change an admin made
        to accounts, requests, payouts, templates, discount codes and payment methods.
      </Typography.Paragraph>
      <Link to={link('auditLog')}>Open the audit log</Link>
    </Card>
  );
}
