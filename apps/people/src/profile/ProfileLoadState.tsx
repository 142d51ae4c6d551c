import { DetailLoadState, PageBreadcrumb, Space } from '@backoffice/ui-kit';
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
      <DetailLoadState
        load={load}
        notFound={`${names.one} not found.`}
        errorTitle={`${names.one} could not be loaded`}
        back={{ to: '..', label: `Back to ${names.many}` }}
      />
    </Space>
  );
}
