import { Col, PageBreadcrumb, Row, Space, Typography, useLinkTo } from '@backoffice/ui-kit';
import { AppearanceCard } from './AppearanceCard';
import { AuditLogCard } from './AuditLogCard';
import { AvailabilityCard } from './AvailabilityCard';
import { PlatformCard } from './PlatformCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';

/** Setting (/app/setting): the admin's own profile, availability and sessions, the look, the audit log and the platform. */
export function SettingPage() {
  const link = useLinkTo();
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
            <AuditLogCard />
          </Space>
        </Col>
        <Col xs={24} xl={14}>
          <SessionsCard />
        </Col>
        <Col xs={24}>
          <PlatformCard />
        </Col>
      </Row>
    </Space>
  );
}
