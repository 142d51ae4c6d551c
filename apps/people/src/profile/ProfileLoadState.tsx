import { Link } from 'react-router-dom';
import { Card, EmptyState, ErrorState, PageBreadcrumb, Space, Spin } from '@backoffice/ui-kit';
import type { PersonKindInfo } from './personKinds';
import type { ProfileLoad } from './useProfileLoad';

/** What the view and edit screens show until the profile is there: loading, not found or an error. */
export function ProfileLoadState({
  load,
  names,
}: {
  load: Exclude<ProfileLoad, { state: 'ready' }>;
  names: PersonKindInfo;
}) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: '../..' },
          { title: names.many, to: '..' },
        ]}
      />
      <Card>
        {load.state === 'loading' && (
          <div role="status" aria-label="Loading" style={{ textAlign: 'center', padding: 48 }}>
            <Spin size="large" />
          </div>
        )}
        {load.state === 'notFound' && (
          <Space orientation="vertical" align="center" style={{ width: '100%' }}>
            <EmptyState message={`${names.one} not found.`} />
            <Link to="..">Back to {names.many}</Link>
          </Space>
        )}
        {load.state === 'error' && (
          <ErrorState title={`${names.one} could not be loaded`} message={load.message} onRetry={load.retry} />
        )}
      </Card>
    </Space>
  );
}
