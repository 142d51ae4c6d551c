import { useCan } from '@backoffice/shared-api/runtime';
import { useLocation, useNavigate } from '@backoffice/ui-kit/router';
import {
  Button,
  Card,
  EditOutlined,
  Flex,
  PageBreadcrumb,
  Space,
  useBackToList,
  useLinkTo,
  useRecordController,
} from '@backoffice/ui-kit';
import { StatusAction } from '../people-list/StatusAction';
import { useStatusToggle } from '../people-list/useStatusToggle';
import { PERSON_KINDS, type PersonKind } from './personKinds';
import { ProfileLoadState } from './ProfileLoadState';
import { ProfileView } from './ProfileView';
import { orDash } from './profileFormat';

/** The view screen of a fan or an influencer (`view/:id` under its list). */
export function ProfileScreen({ kind }: { kind: PersonKind }) {
  const names = PERSON_KINDS[kind];
  const load = useRecordController(names.record);
  const status = useStatusToggle();
  const navigate = useNavigate();
  const link = useLinkTo();
  const canEdit = useCan('people.write');
  const backTo = useBackToList(names.list);
  // The list's state rides along to the edit page, so that its way back still finds the list as it was.
  const { state } = useLocation();
  if (load.state !== 'ready') return <ProfileLoadState load={load} names={names} />;
  const profile = load.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: names.many, to: backTo },
          { title: orDash(profile.displayName) },
        ]}
      />
      <Card>
        <Flex justify="flex-end" gap={8} wrap style={{ marginBottom: 16 }}>
          <StatusAction
            size="middle"
            status={profile.status}
            busy={status.pendingId === profile._id}
            onToggle={() => status.toggle(profile)}
          />
          {canEdit && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(link(names.edit, { id: profile._id }), { state })}
            >
              Edit
            </Button>
          )}
        </Flex>
        <ProfileView profile={profile} />
      </Card>
    </Space>
  );
}
