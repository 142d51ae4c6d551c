import { screen, within } from '@testing-library/react';
import { createRoutesFromElements, Route } from 'react-router-dom';
import { PERMISSIONS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, stubApi } from '@backoffice/shared-api/testing';
import { renderRoutes } from '@backoffice/ui-kit/testing';
import { SettingPage } from './SettingPage';
import { TeamSecurityCard } from './TeamSecurityCard';
import { renderInShell } from './testFixtures';

const links = () =>
  within(screen.getByText('Team and security').closest('.bo-card-box') as HTMLElement)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => localStorage.clear());

describe('the team and security card', () => {
  it('leads an admin who may see the team to their sessions, two-factor sign-in, the admins and the roles', () => {
    session.signedIn(ADMIN);
    renderInShell(<TeamSecurityCard />);
    expect(links()).toEqual([
      ['Your sessions', '/app/setting/sessions'],
      ['Two-factor sign-in', '/app/setting/two-factor'],
      ['Admins', '/app/setting/admins'],
      ['Roles', '/app/setting/roles'],
    ]);
  });

  it("leads anyone else to their own account's only", () => {
    session.signedIn({ ...ADMIN, permissions: ['dashboard.read', 'people.read'] });
    renderInShell(<TeamSecurityCard />);
    expect(links()).toEqual([
      ['Your sessions', '/app/setting/sessions'],
      ['Two-factor sign-in', '/app/setting/two-factor'],
    ]);
  });
});

describe('the Setting page', () => {
  // The cards' own reads are not what this is about: they are left unanswered.
  const renderSetting = () => {
    stubApi(() => new Promise(() => undefined));
    renderRoutes(['/app/setting'], createRoutesFromElements(<Route path="/app/setting" element={<SettingPage />} />));
  };

  it('shows the way to the audit log to an admin whose role may read it', async () => {
    session.signedIn({ ...ADMIN, permissions: [...PERMISSIONS] });
    renderSetting();
    expect(await screen.findByRole('link', { name: 'Open the audit log' })).toBeInTheDocument();
    expect(screen.getByText('Team and security')).toBeInTheDocument();
  });

  it('does not to one whose role may not', async () => {
    session.signedIn({ ...ADMIN, permissions: PERMISSIONS.filter((p) => p !== 'audit.read') });
    renderSetting();
    expect(await screen.findByText('Team and security')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the audit log' })).not.toBeInTheDocument();
  });
});
