import { Link } from '@backoffice/ui-kit/router';
import { Card, Flex, Typography, useLinkTo } from '@backoffice/ui-kit';
import type { PlainScreenKey } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';

interface Entry {
  screen: PlainScreenKey;
  label: string;
  about: string;
}

const MINE: Entry[] = [
  { screen: 'sessions', label: 'Your sessions', about: 'Where you are signed in; sign out the others.' },
  { screen: 'secondFactor', label: 'Two-factor sign-in', about: 'An authenticator app and recovery codes.' },
];

const TEAM: Entry[] = [
  { screen: 'admins', label: 'Admins', about: 'Who has access, invitations, their roles and sessions.' },
  { screen: 'roles', label: 'Roles', about: 'What each role may see and do.' },
];

/**
 * Setting's way to the team and security screens: the side menu stays the spec's, so they are
 * reached from here. The team's own screens only for an admin whose role may see the team.
 */
export function TeamSecurityCard() {
  const link = useLinkTo();
  const seesTeam = useCan('admins.read');
  const entries = seesTeam ? [...MINE, ...TEAM] : MINE;
  return (
    <Card title="Team and security">
      <Flex vertical gap={12} component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {entries.map((e) => (
          <li key={e.screen}>
            {/* Underlined: beside text of its own line, colour alone would not tell the link apart. */}
            <Link to={link(e.screen)} style={{ textDecoration: 'underline' }}>
              {e.label}
            </Link>
            <Typography.Text type="secondary"> — {e.about}</Typography.Text>
          </li>
        ))}
      </Flex>
    </Card>
  );
}
