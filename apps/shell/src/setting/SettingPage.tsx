import { useEffect, useState } from 'react';
import { Card, Descriptions, Space, Typography } from '@backoffice/ui-kit';
import { useAuthUser } from '@backoffice/shared-api';
import { loadRegistry, readOverrides, REMOTE_NAMES, type Registry } from '../remotes/registry';

/** The admin's own profile and which remote versions this shell runs (edited in issue #7). */
export function SettingPage() {
  const user = useAuthUser();
  const [registry, setRegistry] = useState<Registry>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    loadRegistry().then(setRegistry, (e: Error) => setError(e.message));
  }, []);
  const overrides = readOverrides();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3}>Setting</Typography.Title>
      <Card title="Profile">
        <Descriptions column={1}>
          <Descriptions.Item label="Name">
            {user?.firstName} {user?.lastName}
          </Descriptions.Item>
          <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
          <Descriptions.Item label="Availability">
            {user?.availabilityStatus === '1' ? 'Available' : 'Not available'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Platform">
        {error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : (
          <Descriptions column={1}>
            {REMOTE_NAMES.map((name) => (
              <Descriptions.Item key={name} label={name}>
                {overrides[name]
                  ? `override: ${overrides[name]}`
                  : (registry?.remotes[name]?.version ?? 'not published')}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
    </Space>
  );
}
