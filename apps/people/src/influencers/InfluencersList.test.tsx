import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { INFLUENCER_ID, renderApp, stubApi, where } from '../profile/testFixtures';

const row = {
  _id: INFLUENCER_ID,
  userName: 'ivy.stone',
  displayName: 'Ivy',
  email: 'ivy@example.com',
  firstName: 'Ivy',
  lastName: 'Stone',
  status: '0',
  createdAt: '2026-01-02T03:04:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

// The list itself is shared with Fans and tested there; this covers what differs.
describe('Influencers list', () => {
  it('has no date range: only the fans list takes one', async () => {
    const requests = stubApi((config) =>
      config.url === '/admin/getAllInfluencers'
        ? { status: 200, data: { statusCode: 200, message: 'Influencers', data: [row], total: 1 } }
        : undefined,
    );
    renderApp('/app/influencers?from=2026-11-01&to=2026-11-22');
    expect(await screen.findByText('Ivy Stone')).toBeInTheDocument();
    expect(requests[0]!.params).toEqual({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('asks the influencers endpoint and shows the Name column first', async () => {
    const requests = stubApi((config) =>
      config.url === '/admin/getAllInfluencers'
        ? { status: 200, data: { statusCode: 200, message: 'Influencers', data: [row], total: 1 } }
        : undefined,
    );
    renderApp('/app/influencers?sortBy=name&sortOrder=asc');
    expect(await screen.findByText('Ivy Stone')).toBeInTheDocument();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'User Name', 'Display Name', 'Email', 'Created On', 'Action']);
    expect(requests[0]!.url).toBe('/admin/getAllInfluencers');
    expect(requests[0]!.params).toEqual({ page: 1, limit: 10, sortBy: 'name', sortOrder: 'asc' });
    const actions = within(screen.getByRole('row', { name: /ivy\.stone/ }));
    expect(actions.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/app/influencers/view/${INFLUENCER_ID}`,
    );
    expect(actions.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/app/influencers/edit/${INFLUENCER_ID}`,
    );
    expect(actions.queryByRole('link', { name: 'Details' })).not.toBeInTheDocument();
    expect(actions.getByRole('button', { name: /Activate/ })).toBeInTheDocument();
    expect(actions.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
  });

  it('sorts by name through the URL', async () => {
    stubApi((config) =>
      config.url === '/admin/getAllInfluencers'
        ? { status: 200, data: { statusCode: 200, message: 'Influencers', data: [row], total: 1 } }
        : undefined,
    );
    renderApp('/app/influencers');
    await screen.findByText('Ivy Stone');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(where.url).toBe('/app/influencers?sortBy=name&sortOrder=asc'));
  });

  it('names its own error', async () => {
    stubApi((config) =>
      config.url === '/admin/getAllInfluencers'
        ? { status: 400, data: { statusCode: 400, message: 'limit must be at most 100' } }
        : undefined,
    );
    renderApp('/app/influencers');
    expect(await screen.findByText('Influencers could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('limit must be at most 100')).toBeInTheDocument();
  });
});
