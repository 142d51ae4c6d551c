import { Col, PageBreadcrumb, Row, Space, Typography } from '@backoffice/ui-kit';
import { AppearanceCard } from './AppearanceCard';
import { AuditLogCard } from './AuditLogCard';
import { AvailabilityCard } from './AvailabilityCard';
import { PlatformCard } from './PlatformCard';
import { ProfileCard } from './ProfileCard';

/** Setting (/app/setting): the admin's own profile and availability, the look, the audit log and the platform. */
export function SettingPage() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageBreadcrumb items={[{ title: 'Dashboard', to: '..' }, { title: 'Setting' }]} />
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
        <Col xs={24}>
          <PlatformCard />
        </Col>
      </Row>
    </Space>
  );
}
