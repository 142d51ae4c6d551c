import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { REMEMBERED_READS_KEY, canonicalUrl, readUrl, session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole, stubHttp } from '@backoffice/shared-api/testing';
import FansScreen from './FansScreen';
import { stubApi } from '../profile/testFixtures';

const fan = (i: number) => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userName: `fan.${i}`,
  displayName: `Fan ${i}`,
  email: `fan${i}@example.com`,
  firstName: 'Fan',
  lastName: String(i),
  status: '1',
  createdAt: '2026-01-02T03:04:00.000Z',
});

let lastUrl = '';
function Where() {
  const l = useLocation();
  lastUrl = l.pathname + l.search;
  return null;
}

function renderFans(path = '/app/fans', queryClient = createQueryClient()) {
  return render(
    <AppProviders queryClient={queryClient} toasts>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/fans/*" element={<FansScreen />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Fans list', () => {
  it('shows the spec columns, the rows and the footer', async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Fans', data: [fan(1), fan(2)], total: 42 } }));
    renderFans();
    expect(await screen.findByText('fan.1')).toBeInTheDocument();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['User Name', 'Display Name', 'Email', 'Created On', 'Action']);
    expect(screen.getByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
  });

  it('offers View alone to a role that may not change people (Auditor): no Edit, no Deactivate', async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Fans', data: [fan(1)], total: 1 } }));
    session.signedIn(adminWithRole('auditor'));
    renderFans();
    expect(await screen.findByText('fan.1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate|Activate/ })).not.toBeInTheDocument();
  });

  it('asks the server for the page, sort and search kept in the URL', async () => {
    const requests = stubHttp(() => ({
      status: 200,
      data: { statusCode: 200, message: 'Fans', data: [fan(3)], total: 30 },
    }));
    renderFans('/app/fans?page=3&sortBy=email&sortOrder=asc&search=ann');
    await screen.findByText('fan.3');
    expect(requests[0]!.params).toEqual({ page: 3, limit: 10, search: 'ann', sortBy: 'email', sortOrder: 'asc' });
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeInTheDocument();
  });

  it('remembers what it read first at its address, for the shell to start on the next cold load', async () => {
    const requests = stubHttp(() => ({
      status: 200,
      data: { statusCode: 200, message: 'Fans', data: [fan(1)], total: 1 },
    }));
    renderFans('/app/fans?sortBy=email&sortOrder=asc');
    await screen.findByText('fan.1');
    const remembered = JSON.parse(localStorage.getItem(REMEMBERED_READS_KEY) ?? '{}') as Record<string, unknown>;
    const sent = requests[0]!;
    // The URL for the page's inline script; the endpoint and query for the shell to fill the cache with.
    expect(remembered).toEqual({
      '/app/fans?sortBy=email&sortOrder=asc': {
        url: canonicalUrl(readUrl(sent.url!, sent.params as Record<string, unknown>)),
        list: { endpoint: 'getAllFans', query: { page: 1, limit: 10, sortBy: 'email', sortOrder: 'asc' } },
      },
    });
    expect(remembered['/app/fans?sortBy=email&sortOrder=asc']).toMatchObject({
      url: '/api/v1/admin/getAllFans?limit=10&page=1&sortBy=email&sortOrder=asc',
    });
  });

  it('sorting by a header goes back to page 1 and is written to the URL', async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Fans', data: [fan(1)], total: 30 } }));
    renderFans('/app/fans?page=2');
    await screen.findByText('fan.1');
    await userEvent.click(screen.getByRole('button', { name: 'User Name' }));
    await waitFor(() => expect(lastUrl).toBe('/app/fans?sortBy=userName&sortOrder=asc'));
  });

  it('says "Data Not Found" when there are no fans', async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Fans', data: [], total: 0 } }));
    renderFans();
    expect(await screen.findByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    const requests = stubHttp(() =>
      fail ? 'network-error' : { status: 200, data: { statusCode: 200, message: 'Fans', data: [fan(7)], total: 1 } },
    );
    renderFans();
    expect(await screen.findByText('Fans could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fan.7')).toBeInTheDocument();
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });
});

describe('Fans list: the joined-on range', () => {
  const DEFAULT_QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' };
  // The admin's own days, whatever zone the test runs in.
  const startOf = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
  const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
  const fans = () =>
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'Fans', data: [fan(1)], total: 30 } }));

  it('asks for the fans who joined between the days in the URL, both included', async () => {
    const requests = fans();
    renderFans('/app/fans?from=2026-11-16&to=2026-11-22');
    await screen.findByText('fan.1');
    expect(requests.map((r) => r.params)).toEqual([
      { ...DEFAULT_QUERY, from: startOf(2026, 11, 16), to: endOf(2026, 11, 22) },
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-16');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
  });

  it('a picked day is written to the URL from page 1; Clear filters clears both days', async () => {
    const requests = fans();
    renderFans('/app/fans?page=2&search=ann');
    await screen.findByText('fan.1');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastUrl).toBe('/app/fans?search=ann&from=2026-11-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    await waitFor(() =>
      expect(requests.at(-1)!.params).toEqual({
        ...DEFAULT_QUERY,
        search: 'ann',
        from: startOf(2026, 11, 1),
        to: endOf(2026, 11, 22),
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastUrl).toBe('/app/fans?search=ann'));
    await waitFor(() => expect(requests.at(-1)!.params).toEqual({ ...DEFAULT_QUERY, search: 'ann' }));
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('leaves out a hand-edited day that does not exist', async () => {
    const requests = fans();
    renderFans('/app/fans?from=2026-02-30&to=2026-11-31');
    await screen.findByText('fan.1');
    expect(requests.map((r) => r.params)).toEqual([DEFAULT_QUERY]);
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});

describe('Fans list while it reads', () => {
  /** The nth read answers fan n; after holdNext(), replies wait until release(). */
  function heldReplies() {
    const held: Array<() => void> = [];
    let hold = false;
    const requests = stubHttp(
      () =>
        new Promise((resolve) => {
          const reply = () =>
            resolve({
              status: 200,
              data: { statusCode: 200, message: 'Fans', data: [fan(requests.length)], total: 42 },
            });
          if (hold) held.push(reply);
          else reply();
        }),
    );
    return {
      requests,
      holdNext: () => (hold = true),
      release: () => {
        hold = false;
        held.splice(0).forEach((reply) => reply());
      },
    };
  }
  const table = () => screen.getByRole('table');

  it('a refresh of the rows shown (a live update) leaves them as they are, not dimmed or covered, until the new rows come', async () => {
    const http = heldReplies();
    const queryClient = createQueryClient();
    renderFans('/app/fans', queryClient);
    expect(await screen.findByText('fan.1')).toBeInTheDocument();
    http.holdNext();
    // What the socket does on an event about fans: the list on screen is read again.
    void queryClient.invalidateQueries();
    await waitFor(() => expect(http.requests).toHaveLength(2));
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(table()).toHaveStyle({ opacity: '1' });
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    http.release();
    expect(await screen.findByText('fan.2')).toBeInTheDocument();

    // Another sort is another query: its rows are on their way, and the table says so over the old ones.
    http.holdNext();
    fireEvent.click(screen.getByRole('button', { name: /User Name/ }));
    await waitFor(() => expect(http.requests).toHaveLength(3));
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByText('fan.2')).toBeInTheDocument();
    http.release();
    expect(await screen.findByText('fan.3')).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });
});

describe('Fans list: activate and deactivate', () => {
  /** A list whose fan.1 has `status`, and a status call that the server answers with `change`. */
  function statusApi(change: (status: string) => { status: number; data: unknown }) {
    let status = '1';
    const requests = stubApi((config) => {
      if (config.url === '/admin/getAllFans') {
        return { status: 200, data: { statusCode: 200, message: 'Fans', data: [{ ...fan(1), status }], total: 1 } };
      }
      if (config.url === '/admin/changeStatus') {
        const reply = change(config.params.status);
        if (reply.status === 200) status = config.params.status;
        return reply;
      }
      return undefined;
    });
    return requests;
  }
  const row = () => within(screen.getByRole('row', { name: /fan\.1/ }));

  it('asks first, then changes the status and shows the refetched row', async () => {
    const requests = statusApi((status) => ({
      status: 200,
      data: { statusCode: 200, message: 'Account deactivated', data: { _id: fan(1)._id, status } },
    }));
    renderFans();
    await screen.findByText('fan.1');
    expect(row().queryByText('Inactive')).not.toBeInTheDocument();
    await userEvent.click(row().getByRole('button', { name: /Deactivate/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Deactivate fan.1?').length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.url === '/admin/changeStatus')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(row().getByRole('button', { name: /Activate/ })).toBeInTheDocument());
    expect(row().getByText('Inactive')).toBeInTheDocument();
    const calls = requests.filter((r) => r.url === '/admin/changeStatus');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('patch');
    expect(calls[0]!.params).toEqual({ id: fan(1)._id, status: '0' });
    expect(requests.filter((r) => r.url === '/admin/getAllFans').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Account deactivated')).toBeInTheDocument();
  });

  it('sends nothing when the admin cancels', async () => {
    const requests = statusApi(() => ({ status: 500, data: { statusCode: 500, message: 'should not be called' } }));
    renderFans();
    await screen.findByText('fan.1');
    await userEvent.click(row().getByRole('button', { name: /Deactivate/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.url === '/admin/changeStatus')).toHaveLength(0);
    expect(row().getByRole('button', { name: /Deactivate/ })).toBeInTheDocument();
  });

  it("shows the server's message when the change fails, and the row keeps its status", async () => {
    statusApi(() => ({ status: 404, data: { statusCode: 404, message: 'User not found' } }));
    renderFans();
    await screen.findByText('fan.1');
    await userEvent.click(row().getByRole('button', { name: /Deactivate/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(row().getByRole('button', { name: /Deactivate/ })).toBeInTheDocument();
    expect(row().queryByText('Inactive')).not.toBeInTheDocument();
  });
});
