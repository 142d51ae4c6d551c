import { Link } from 'react-router-dom';
import { Card, Col, Row, Typography } from '@backoffice/ui-kit';
import { useAuthUser } from '@backoffice/shared-api';
import { MENU } from '../layout/menu';
import { useBase } from '../layout/useBase';

/** The first screen after sign-in: a way into every area. Its figures arrive with issue #7. */
export function DashboardPage() {
  const user = useAuthUser();
  const { base } = useBase();
  const areas = MENU.flatMap((m) => m.children ?? [m]).filter((m) => m.path);
  return (
    <>
      <Typography.Title level={3}>
        Welcome, {user?.firstName} {user?.lastName}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {areas.map((a) => (
          <Col key={a.key} xs={24} sm={12} lg={8} xl={6}>
            <Link to={`${base}/${a.path}`}>
              <Card hoverable>{a.label}</Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
