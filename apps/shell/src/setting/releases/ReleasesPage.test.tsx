import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeployTokenRow, RemoteReleases } from '@backoffice/shared-api';
import { RELEASE_MESSAGES } from '@backoffice/shared-api/contract';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, failure, ok } from '@backoffice/shared-api/testing';
import { renderAt, teamServer } from '../admins/testFixtures';
import { ReleasesPage } from './ReleasesPage';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const figures = (views: number, errors = 0) => ({ views, loadFailures: 0, integrityFailures: 0, errors });

const PEOPLE: RemoteReleases = {
  remote: 'people',
  current: '0.1.0-aaaaaaaaaa',
  previous: '0.1.0-0000000000',
  staged: null,
  halted: {
    version: '0.1.0-bbbbbbbbbb',
    at: '2026-03-02T10:00:00.000Z',
    reason: '10 failures in 20 views (50.0%) against 0.0% for the current version (0 in 30)',
    staged: figures(20, 10),
    current: figures(30),
  },
  revision: 7,
  versions: [
    {
      version: '0.1.0-bbbbbbbbbb',
      releasedBy: 'deploy token "people CI" (people)',
      releasedAt: '2026-03-02T09:00:00.000Z',
      files: 50,
      bytes: 1_258_291,
      gate: ['people needs @backoffice/shared-api ^3.3.0, the shell provides 3.2.0: it loads its own copy'],
      figures: figures(20, 10),
    },
    {
      version: '0.1.0-aaaaaaaaaa',
      releasedBy: 'admin@backoffice.local',
      releasedAt: '2026-03-01T09:00:00.000Z',
      files: 50,
      bytes: 1_248_000,
      gate: [],
      figures: figures(30),
    },
  ],
};
const PAYMENTS: RemoteReleases = {
  remote: 'payments',
  current: '0.1.0-cccccccccc',
  previous: null,
  staged: { version: '0.1.0-dddddddddd', percent: 10, stagedAt: '2026-03-03T09:00:00.000Z', stagedBy: 'x@y.z' },
  halted: null,
  revision: 2,
  versions: [],
};
const TOKEN: DeployTokenRow = {
  _id: '50000000-0000-4000-8000-000000000001',
  remote: 'people',
  name: 'people CI',
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy: ADMIN.email,
  lastUsedAt: null,
};

function releasesServer(answers: Parameters<typeof teamServer>[1] = {}) {
  return teamServer(
    {},
    {
      getReleases: () => ok({ remotes: [PEOPLE, PAYMENTS] }),
      getDeployTokens: () => ({ status: 200, data: { statusCode: 200, message: 'List', data: [TOKEN], total: 1 } }),
      ...answers,
    },
  );
}
const renderReleases = () => renderAt('/app/setting/releases', { 'setting/releases': <ReleasesPage /> });
const card = async (name: string) => within(await screen.findByRole('region', { name }));

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Setting → Releases', () => {
  it('shows per remote the current, previous and staged version, why a stage halted, and each version with its figures', async () => {
    releasesServer();
    renderReleases();
    const people = await card('people releases');
    expect(people.getByText(/Current:/).textContent).toBe('Current: 0.1.0-aaaaaaaaaa · previous: 0.1.0-0000000000');
    expect(people.getByText('The stage of 0.1.0-bbbbbbbbbb halted itself on 2026-03-02 10:00')).toBeInTheDocument();
    expect(people.getByText(/10 failures in 20 views \(50\.0%\)/)).toBeInTheDocument();
    const rows = within(people.getByRole('table', { name: 'Versions of people' })).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      [],
      [
        '0.1.0-bbbbbbbbbb',
        'deploy token "people CI" (people)',
        '2026-03-02 09:00',
        '1,229 KiB, 50 files',
        'people needs @backoffice/shared-api ^3.3.0, the shell provides 3.2.0: it loads its own copy',
        '20',
        '10',
        'PromoteStage',
      ],
      [
        '0.1.0-aaaaaaaaaaCurrent',
        'admin@backoffice.local',
        '2026-03-01 09:00',
        '1,219 KiB, 50 files',
        'Passed',
        '30',
        '0',
        '',
      ],
    ]);
    const payments = await card('payments releases');
    expect(payments.getByText(/Current:/).textContent).toContain('staged: 0.1.0-dddddddddd to 10% of admins');
    expect(payments.getByRole('button', { name: 'Roll back payments' })).toHaveTextContent('End the stage');
  });

  it('promotes with the revision shown; a change made meanwhile is refused and the screen reloads', async () => {
    const api = releasesServer({
      promoteRelease: () => failure(409, RELEASE_MESSAGES.changedSince, { revision: RELEASE_MESSAGES.changedSince }),
    });
    renderReleases();
    const people = await card('people releases');
    await user().click(people.getByRole('button', { name: 'Promote 0.1.0-bbbbbbbbbb' }));
    expect(await screen.findByText(RELEASE_MESSAGES.changedSince)).toBeInTheDocument();
    expect(api.calls('promoteRelease')).toEqual([
      { method: 'post', query: null, body: { remote: 'people', version: '0.1.0-bbbbbbbbbb', revision: 7 } },
    ]);
    await waitFor(() => expect(api.queries('getReleases').length).toBeGreaterThanOrEqual(2));
  });

  it('stages a version to named admins from the dialog, and rolls back', async () => {
    const api = releasesServer({ stageRelease: () => ok(PEOPLE, RELEASE_MESSAGES.staged) });
    renderReleases();
    const people = await card('people releases');
    await user().click(people.getByRole('button', { name: 'Stage 0.1.0-bbbbbbbbbb' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stage people 0.1.0-bbbbbbbbbb' }));
    await user().type(dialog.getByLabelText('Their emails'), 'a@x.com, b@y.com');
    await user().click(dialog.getByRole('button', { name: 'Stage' }));
    await waitFor(() =>
      expect(api.calls('stageRelease')).toEqual([
        {
          method: 'post',
          query: null,
          body: { remote: 'people', version: '0.1.0-bbbbbbbbbb', revision: 7, admins: ['a@x.com', 'b@y.com'] },
        },
      ]),
    );
    await user().click(people.getByRole('button', { name: 'Roll back people' }));
    await waitFor(() =>
      expect(api.calls('rollbackRelease')).toEqual([
        { method: 'post', query: null, body: { remote: 'people', revision: 7 } },
      ]),
    );
  });

  it('creates a deploy token and shows it once; revokes one', async () => {
    const api = releasesServer({
      createDeployToken: () =>
        ok(
          { token: 'bo_deploy_secret-shown-once', deployToken: { ...TOKEN, name: 'new CI' } },
          RELEASE_MESSAGES.tokenCreated,
        ),
      revokeDeployToken: () => ok(null, RELEASE_MESSAGES.tokenRevoked),
    });
    renderReleases();
    const tokens = await card('Deploy tokens');
    await tokens.findByRole('cell', { name: 'people CI' });
    const table = within(tokens.getByRole('table', { name: 'Deploy tokens' }));
    expect(table.getAllByRole('row').map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      [],
      ['people', 'people CI', ADMIN.email, '2026-03-01 08:00', 'Never', 'Revoke'],
    ]);
    await user().click(tokens.getByRole('radio', { name: 'payments' }));
    await user().type(tokens.getByLabelText('Name'), 'new CI');
    await user().click(tokens.getByRole('button', { name: 'Create token' }));
    expect(await tokens.findByText('bo_deploy_secret-shown-once')).toBeInTheDocument();
    expect(api.calls('createDeployToken')).toEqual([
      { method: 'post', query: null, body: { remote: 'payments', name: 'new CI' } },
    ]);
    await user().click(tokens.getByRole('button', { name: 'Revoke people CI' }));
    expect(await screen.findByText(RELEASE_MESSAGES.tokenRevoked)).toBeInTheDocument();
    expect(api.calls('revokeDeployToken')).toEqual([{ method: 'post', query: { id: TOKEN._id }, body: null }]);
  });
});
