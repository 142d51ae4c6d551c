import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, stubHttp } from '@backoffice/shared-api/testing';
import { expectRetryRecovers, fakeSocket, listReply, renderRequests, requestRow as row, uuid } from './testFixtures';

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

const BASE_COLUMNS = ['Name', 'User Name', 'Display Name', 'Email', 'Created On', 'Requested On'];

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Requests list', () => {
  it('shows the spec columns, the rows and the footer; asks for pending requests, newest first', async () => {
    const requests = stubHttp(() => listReply([row(1), row(2)], 42));
    renderRequests();
    expect(await screen.findByText('applicant.1')).toBeInTheDocument();
    expect(headers()).toEqual([...BASE_COLUMNS, 'Action']);
    const first = within(screen.getByRole('row', { name: /applicant1@example\.com/ }));
    expect(first.getByText('Ann Lee 1')).toBeInTheDocument();
    expect(first.getByText('Applicant 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/admin/getAllRequests');
    expect(requests[0]!.params).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      status: 'pending',
    });
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Search by name or email' })).toBeInTheDocument();
  });

  it('links each row to its view, relative to the list', async () => {
    stubHttp(() => listReply([row(1)]));
    renderRequests();
    const link = await screen.findByRole('link', { name: 'View' });
    expect(link).toHaveAttribute('href', `/app/requests/view/${uuid(1)}`);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
  });

  it('asks the server for the page, sort, search and status kept in the URL, and shows each status', async () => {
    const requests = stubHttp(() => listReply([row(3, 'approved')], 30));
    renderRequests('/app/requests?page=3&sortBy=name&sortOrder=asc&search=ann&status=approved');
    await screen.findByText('applicant.3');
    expect(requests[0]!.params).toEqual({
      page: 3,
      limit: 10,
      search: 'ann',
      sortBy: 'name',
      sortOrder: 'asc',
      status: 'approved',
    });
    expect(headers()).toEqual([...BASE_COLUMNS, 'Status', 'Action']);
    expect(within(screen.getByRole('table')).getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
  });

  it('"All" asks without a status and labels every row with its own', async () => {
    const requests = stubHttp(() => listReply([row(1, 'pending'), row(2, 'rejected')]));
    renderRequests('/app/requests?status=all');
    await screen.findByText('applicant.1');
    expect(requests[0]!.params).not.toHaveProperty('status');
    expect(headers()).toEqual([...BASE_COLUMNS, 'Status', 'Action']);
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Pending')).toBeInTheDocument();
    expect(table.getByText('Rejected')).toBeInTheDocument();
  });

  it('falls back to pending and the default sort for values the server would refuse', async () => {
    const requests = stubHttp(() => listReply([row(1)]));
    renderRequests('/app/requests?status=bogus&sortBy=password');
    await screen.findByText('applicant.1');
    expect(requests[0]!.params).toMatchObject({ status: 'pending', sortBy: 'updatedAt' });
  });

  it('the status filter is written to the URL from page 1, pending being left out', async () => {
    const requests = stubHttp(() => listReply([row(1)], 30));
    const { url } = renderRequests('/app/requests?page=2');
    await screen.findByText('applicant.1');
    // antd disables pointer events on the control while its selection thumb slides over.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(url()).toBe('/app/requests?status=rejected'));
    await waitFor(() => expect(requests.at(-1)!.params).toMatchObject({ page: 1, status: 'rejected' }));
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(url()).toBe('/app/requests'));
  });

  it('sorting by a header goes back to page 1 and is written to the URL', async () => {
    stubHttp(() => listReply([row(1)], 30));
    const { url } = renderRequests('/app/requests?page=2&status=all');
    await screen.findByText('applicant.1');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(url()).toBe('/app/requests?status=all&sortBy=name&sortOrder=asc'));
  });

  it('says "Data Not Found" when there are no requests', async () => {
    stubHttp(() => listReply([], 0));
    renderRequests();
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = stubHttp(() => (fail ? 'network-error' : listReply([row(7)])));
    renderRequests();
    await expectRetryRecovers('Requests could not be loaded', () => (fail = false), 'applicant.7');
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  describe('live updates', () => {
    let socket: ReturnType<typeof fakeSocket>;
    beforeEach(() => {
      socket = fakeSocket();
    });
    afterEach(() => socket.stop());

    it('a new application appears without a reload', async () => {
      let rows = [row(1)];
      const requests = stubHttp(() => listReply(rows));
      renderRequests();
      await screen.findByText('applicant.1');
      rows = [row(2), row(1)];
      act(() => socket.serverSends(EVENTS.influencerRequestCreated.name, row(2)));
      expect(await screen.findByText('applicant.2')).toBeInTheDocument();
      expect(requests).toHaveLength(2);
    });

    it('a request decided elsewhere leaves the pending list without a reload', async () => {
      let rows = [row(1), row(2)];
      stubHttp(() => listReply(rows));
      renderRequests();
      await screen.findByText('applicant.2');
      rows = [row(1)];
      act(() => socket.serverSends(EVENTS.influencerRequestDecided.name, { _id: uuid(2), status: 'approved' }));
      await waitFor(() => expect(screen.queryByText('applicant.2')).not.toBeInTheDocument());
    });
  });
});
