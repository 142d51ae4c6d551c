import { Col, PageBreadcrumb, Row, Space, Typography, useLinkTo } from '@backoffice/ui-kit';
import { useCan } from '@backoffice/shared-api/runtime';
import { AppearanceCard } from './AppearanceCard';
import { AuditLogCard } from './AuditLogCard';
import { AvailabilityCard } from './AvailabilityCard';
import { PlatformCard } from './PlatformCard';
import { ProfileCard } from './ProfileCard';
import { ReleasesCard } from './ReleasesCard';
import { TeamSecurityCard } from './TeamSecurityCard';

/**
 * Setting (/app/setting): the admin's own profile and availability, the look, the way to their
 * sessions, two-factor sign-in and the team's screens, the audit log and the platform.
 */
export function SettingPage() {
  const link = useLinkTo();
  const readsAudit = useCan('audit.read');
  const releases = useCan('platform.manage');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageBreadcrumb items={[{ title: 'Dashboard', to: link('dashboard') }, { title: 'Setting' }]} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        Setting
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ProfileCard />
        </Col>
        <Col xs={24} xl={10}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <AvailabilityCard />
            <AppearanceCard />
            {readsAudit && <AuditLogCard />}
            {releases && <ReleasesCard />}
          </Space>
        </Col>
        <Col xs={24} xl={14}>
          <TeamSecurityCard />
        </Col>
        <Col xs={24}>
          <PlatformCard />
        </Col>
      </Row>
    </Space>
  );
}
