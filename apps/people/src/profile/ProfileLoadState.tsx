import type { UserProfile } from '@backoffice/shared-api';
import { DetailLoadState, PageBreadcrumb, Space, useBackToList, useLinkTo, type DetailLoad } from '@backoffice/ui-kit';
import type { PersonKindInfo } from './personKinds';

export type ProfileLoad = DetailLoad<UserProfile>;

/** What the view and edit screens show until the profile is there: loading, not found or an error. */
export function ProfileLoadState({
  load,
  names,
}: {
  load: Exclude<ProfileLoad, { state: 'ready' }>;
  names: PersonKindInfo;
}) {
  const link = useLinkTo();
  const backTo = useBackToList(names.list);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: names.many, to: backTo },
        ]}
      />
      <DetailLoadState
        load={load}
        notFound={`${names.one} not found.`}
        errorTitle={`${names.one} could not be loaded`}
        back={{ to: backTo, label: `Back to ${names.many}` }}
      />
    </Space>
  );
}
