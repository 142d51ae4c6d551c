import { act, screen, waitFor, within } from '@testing-library/react';
import { EVENTS, ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, fakeSocket, listReply, stubApi } from '@backoffice/shared-api/testing';
import { SessionsCard } from './SessionsCard';
import { renderInShell } from './testFixtures';

const mine = {
  _id: '00000000-0000-4000-8000-000000000001',
  signedInAt: '2026-11-27T09:00:00.000Z',
  expiresAt: '2026-11-28T09:00:00.000Z',
  current: true,
};
const phone = {
  _id: '00000000-0000-4000-8000-000000000002',
  signedInAt: '2026-11-26T18:30:00.000Z',
  expiresAt: '2026-11-27T18:30:00.000Z',
  current: false,
};

let sessions: Array<typeof mine>;
let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
  sessions = [mine, phone];
  stubApi((config) => (config.url === ROUTES.getSessions.path ? listReply(sessions) : undefined));
  socket = fakeSocket();
});
afterEach(() => socket.stop());

const rows = () =>
  within(screen.getByRole('table', { name: 'Your sessions' }))
    .getAllByRole('row')
    .slice(1);

describe('the sessions card', () => {
  it("lists the admin's sessions, this page's marked", async () => {
    renderInShell(<SessionsCard />);
    await screen.findByText('This session');
    expect(rows().map((r) => r.textContent)).toEqual([
      '2026-11-27 09:002026-11-28 09:00This session',
      '2026-11-26 18:302026-11-27 18:30',
    ]);
  });

  it('shows a sign-out elsewhere at once, when the server says the sessions changed', async () => {
    renderInShell(<SessionsCard />);
    await screen.findByText('This session');
    expect(rows()).toHaveLength(2);
    sessions = [mine];
    await act(async () => socket.serverSends(EVENTS.sessionsChanged.name, { _id: ADMIN._id }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('This session');
  });
});
