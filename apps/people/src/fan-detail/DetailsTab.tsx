import { formatDateTime } from '@backoffice/ui-kit';
import { Descriptions } from '@backoffice/ui-kit/forms';
import type { FanDetails } from '@backoffice/shared-api';

export function DetailsTab({ user }: { user: FanDetails['userDetails'] }) {
  return (
    <Descriptions
      bordered
      column={1}
      items={[
        { key: 'email', label: 'Email', children: user.email || '-' },
        { key: 'lastLogin', label: 'Last Login', children: formatDateTime(user.lastLoginAt) },
        { key: 'lastLogout', label: 'Last Logout', children: formatDateTime(user.lastLogoutAt) },
      ]}
    />
  );
}
