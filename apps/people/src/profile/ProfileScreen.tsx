import { useNavigate } from '@backoffice/ui-kit/router';
import { Button, Card, EditOutlined, Flex, PageBreadcrumb, Space } from '@backoffice/ui-kit';
import type { PersonKind } from '@backoffice/shared-api';
import { PERSON_KINDS } from './personKinds';
import { ProfileLoadState } from './ProfileLoadState';
import { ProfileView } from './ProfileView';
import { StatusAction } from './StatusAction';
import { orDash } from './profileFormat';
import { useProfileLoad } from './useProfileLoad';
import { useStatusToggle } from './useStatusToggle';

/** The view screen of a fan or an influencer (`view/:id` under its list). */
export function ProfileScreen({ kind }: { kind: PersonKind }) {
  const load = useProfileLoad(kind);
  const status = useStatusToggle();
  const navigate = useNavigate();
  const names = PERSON_KINDS[kind];
  if (load.state !== 'ready') return <ProfileLoadState load={load} names={names} />;
  const profile = load.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: '../..' },
          { title: names.many, to: '..' },
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
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`../edit/${profile._id}`)}>
            Edit
          </Button>
        </Flex>
        <ProfileView profile={profile} />
      </Card>
    </Space>
  );
}
