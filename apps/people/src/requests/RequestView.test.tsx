import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@backoffice/ui-kit';
import { EVENTS } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { ok, stubApi } from '../profile/testFixtures';
import {
  BOB,
  REQUEST_ID,
  fakeSocket,
  listReply,
  renderRequests,
  requestDetail,
  requestRow,
  expectRetryRecovers,
} from './testFixtures';

const VIEW = `/app/requests/view/${REQUEST_ID}`;
const ADA = { _id: ADMIN._id, firstName: 'Ada', lastName: 'Admin' };
const DECIDED_AT = '2026-02-02T14:15:00.000Z';

/** The fake API of these tests: the request as `current()` says, decisions as `decide` answers. */
function server(current: () => StubReply, decide?: (config: StubRequest) => Promise<StubReply>) {
  return stubApi((config) => {
    if (config.url === '/admin/getRequestDetail') return current();
    if (config.url === '/admin/decideRequest' && decide) return decide(config);
    return undefined;
  });
}

const decisions = (requests: StubRequest[]) =>
  requests.filter((r) => r.url === '/admin/decideRequest').map((r) => [r.method, bodyOf(r)]);

/** The screen's own buttons, not the dialogs' (antd renders those outside the screen). */
const onScreen = (container: HTMLElement) => within(container);

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Request view', () => {
  it('shows a pending request, the applicant and the Approve and Reject buttons', async () => {
    const requests = server(() => ok(requestDetail()));
    const { container } = renderRequests(VIEW);
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/getRequestDetail')!.params).toEqual({ id: REQUEST_ID });
    const main = onScreen(container);
    expect(main.getByText('Pending')).toBeInTheDocument();
    expect(main.getByText(formatDateTime('2026-02-01T09:30:00.000Z'))).toBeInTheDocument();
    expect(main.queryByText('Decided by')).not.toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(main.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/app/requests');
    expect(screen.getByText('Ann Lee', { selector: '.bo-breadcrumb *' })).toHaveAttribute('aria-current', 'page');
  });

  it('approves after a confirmation, sends it once even on double clicks, and waits for the server', async () => {
    let current = requestDetail();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const requests = server(
      () => ok(current),
      async () => {
        await answered;
        current = requestDetail({ status: 'approved', decidedBy: ADA, decidedAt: DECIDED_AT, updatedAt: DECIDED_AT });
        return ok(current);
      },
    );
    const { container } = renderRequests(VIEW);
    const main = onScreen(container);
    const user = userEvent.setup();
    await user.dblClick(await main.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve Ann L as an influencer?' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog.getByText(/becomes an influencer and is emailed/)).toBeInTheDocument();

    await user.dblClick(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisions(requests)).toHaveLength(1));
    // Until the server answers, nothing claims success and nothing else can be sent.
    expect(main.getByText('Pending')).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.queryByText('Request approved')).not.toBeInTheDocument();

    await act(async () => answer());
    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(decisions(requests)).toEqual([['patch', { id: REQUEST_ID, decision: 'approved' }]]);
    expect(await main.findByText('Ada Admin')).toBeInTheDocument();
    expect(main.getByText('Approved')).toBeInTheDocument();
    expect(main.getByText(formatDateTime(DECIDED_AT))).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, which it sends trimmed, then shows it', async () => {
    let current = requestDetail();
    const requests = server(
      () => ok(current),
      async (config) => {
        const { reason } = bodyOf(config) as { reason: string };
        current = requestDetail({ status: 'rejected', reason, decidedBy: ADA, decidedAt: DECIDED_AT });
        return ok(current);
      },
    );
    const { container } = renderRequests(VIEW);
    const main = onScreen(container);
    const user = userEvent.setup();
    await user.click(await main.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Reject Ann L's application?" }));
    expect(dialog.getByText(/The reason is emailed to the applicant/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason for the rejection.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason for the rejection.')).toBeInTheDocument();
    expect(decisions(requests)).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Your photo id could not be verified.  ');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    expect(decisions(requests)).toEqual([
      ['patch', { id: REQUEST_ID, decision: 'rejected', reason: 'Your photo id could not be verified.' }],
    ]);
    expect(await main.findByText('Your photo id could not be verified.')).toBeInTheDocument();
    expect(main.getByText('Rejected')).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it("shows the server's objection to the reason on the reason field", async () => {
    server(
      () => ok(requestDetail()),
      async () => ({
        status: 400,
        data: { statusCode: 400, message: 'Invalid request', errors: { reason: 'The reason must not contain links.' } },
      }),
    );
    const { container } = renderRequests(VIEW);
    const user = userEvent.setup();
    await user.click(await onScreen(container).findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'See https://example.com');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('The reason must not contain links.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('See https://example.com');
  });

  it('when another admin decided first, says so and shows their decision', async () => {
    const conflict = 'This request was already approved by Bob Other on 2026-02-02 14:15.';
    let current = requestDetail();
    const requests = server(
      () => ok(current),
      async () => {
        current = requestDetail({ status: 'approved', decidedBy: BOB, decidedAt: DECIDED_AT });
        return { status: 409, data: { statusCode: 409, message: conflict } };
      },
    );
    const { container } = renderRequests(VIEW);
    const main = onScreen(container);
    const user = userEvent.setup();
    await user.click(await main.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await main.findByText(conflict)).toBeInTheDocument();
    expect(await main.findByText('Bob Other')).toBeInTheDocument();
    expect(main.getByText('Approved')).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByText('Request approved')).not.toBeInTheDocument();
    expect(decisions(requests)).toHaveLength(1);
  });

  it('shows who decided a request, when and why, and offers no buttons', async () => {
    server(() =>
      ok(
        requestDetail({
          status: 'rejected',
          reason: 'Incomplete profile.',
          decidedBy: BOB,
          decidedAt: DECIDED_AT,
          updatedAt: DECIDED_AT,
        }),
      ),
    );
    const { container } = renderRequests(VIEW);
    const main = onScreen(container);
    expect(await main.findByText('Bob Other')).toBeInTheDocument();
    expect(main.getByText('Rejected')).toBeInTheDocument();
    expect(main.getByText(formatDateTime(DECIDED_AT))).toBeInTheDocument();
    expect(main.getByText('Incomplete profile.')).toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(main.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('says "Request not found." for an unknown id, with a way back to the list', async () => {
    server(() => ({ status: 404, data: { statusCode: 404, message: 'Request not found' } }));
    renderRequests(VIEW);
    expect(await screen.findByText('Request not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to requests' })).toHaveAttribute('href', '/app/requests');
  });

  it('does not ask the server about an id that cannot be one', async () => {
    const requests = server(() => ok(requestDetail()));
    renderRequests('/app/requests/view/not-an-id');
    expect(await screen.findByText('Request not found.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows an error state with a Retry that asks again', async () => {
    let fail = true;
    server(() => (fail ? 'network-error' : ok(requestDetail())));
    renderRequests(VIEW);
    await expectRetryRecovers('The request could not be loaded', () => (fail = false), 'ann@example.com');
  });

  it('goes back to the list as it was left', async () => {
    stubApiList();
    const { url } = renderRequests('/app/requests?status=all&page=2');
    await userEvent.click(await screen.findByRole('link', { name: 'View' }));
    await waitFor(() => expect(url()).toBe(VIEW));
    await userEvent.click(await screen.findByRole('link', { name: 'Back to requests' }));
    await waitFor(() => expect(url()).toBe('/app/requests?status=all&page=2'));
  });

  describe('live updates', () => {
    let socket: ReturnType<typeof fakeSocket>;
    beforeEach(() => {
      socket = fakeSocket();
    });
    afterEach(() => socket.stop());

    it('a decision made elsewhere replaces the buttons without a reload', async () => {
      let current = requestDetail();
      server(() => ok(current));
      const { container } = renderRequests(VIEW);
      const main = onScreen(container);
      await main.findByRole('button', { name: 'Approve' });
      current = requestDetail({ status: 'approved', decidedBy: BOB, decidedAt: DECIDED_AT });
      act(() => socket.serverSends(EVENTS.influencerRequestDecided.name, { _id: REQUEST_ID, status: 'approved' }));
      expect(await main.findByText('Bob Other')).toBeInTheDocument();
      expect(main.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    });
  });
});

function stubApiList() {
  stubApi((config) => {
    if (config.url === '/admin/getAllRequests') return listReply([{ ...requestRow(1), _id: REQUEST_ID }]);
    if (config.url === '/admin/getRequestDetail') return ok(requestDetail());
    return undefined;
  });
}
