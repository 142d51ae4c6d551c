import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, adminWithRole } from '@backoffice/shared-api/testing';
import { BOB, payoutRequest } from '../testFixtures';
import { PayoutDecisionCell } from './PayoutDecisionCell';

const ME = { _id: ADMIN._id, firstName: ADMIN.firstName, lastName: ADMIN.lastName };
const AT = '2026-02-02T14:15:00.000Z';

function cell(row = payoutRequest(1)) {
  const onApprove = jest.fn();
  const onReject = jest.fn();
  render(<PayoutDecisionCell row={row} onApprove={onApprove} onReject={onReject} />);
  return { onApprove, onReject };
}
const approve = () => screen.getByRole('button', { name: 'Approve' });

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('PayoutDecisionCell', () => {
  it('offers Approve and Reject on a request one approval pays, with nothing more to say', async () => {
    const { onApprove } = cell();
    expect(approve()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.queryByText(/approval/)).not.toBeInTheDocument();
    await userEvent.click(approve());
    expect(onApprove).toHaveBeenCalledWith(payoutRequest(1));
  });

  it('says when a request needs two admins before anyone approved it', () => {
    cell(payoutRequest(1, { approvalsNeeded: 2 }));
    expect(screen.getByText('Needs the approval of two admins.')).toBeInTheDocument();
    expect(approve()).toBeEnabled();
  });

  it("names the first approver and asks another admin's approval; another admin may give it", async () => {
    const row = payoutRequest(1, { approvalsNeeded: 2, approvals: [{ by: BOB, at: AT }] });
    const { onApprove } = cell(row);
    expect(screen.getByText('Approved by Bob Other; needs the approval of another admin.')).toBeInTheDocument();
    expect(approve()).toBeEnabled();
    expect(approve()).toHaveAccessibleDescription('Approved by Bob Other; needs the approval of another admin.');
    await userEvent.click(approve());
    expect(onApprove).toHaveBeenCalledWith(row);
  });

  it('does not offer the second approval to the admin who gave the first, and says why', async () => {
    const row = payoutRequest(1, { approvalsNeeded: 2, approvals: [{ by: ME, at: AT }] });
    const { onApprove, onReject } = cell(row);
    const why =
      'Approved by Ada Admin; needs the approval of another admin. You gave the first approval: the second must come from another admin.';
    expect(screen.getByText(/^Approved by Ada Admin; needs the approval of another admin\./)).toHaveTextContent(why);
    expect(approve()).toBeDisabled();
    expect(approve()).toHaveAccessibleDescription(why);
    await userEvent.click(approve(), { pointerEventsCheck: 0 });
    expect(onApprove).not.toHaveBeenCalled();
    // Rejecting stays open to everyone.
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith(row);
  });

  it('names both admins of a payout approved twice', () => {
    cell(
      payoutRequest(1, {
        status: 'approved',
        approvalsNeeded: 2,
        approvals: [
          { by: BOB, at: AT },
          { by: ME, at: AT },
        ],
        decidedBy: ME,
        decidedAt: AT,
      }),
    );
    expect(screen.getByText('Approved by Bob Other and Ada Admin')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('PayoutDecisionCell for a role that may not decide payouts', () => {
  it('says where a pending request stands, without Approve or Reject', () => {
    session.signedIn(adminWithRole('support'));
    cell(payoutRequest(1, { approvalsNeeded: 2, approvals: [{ by: BOB, at: AT }] }));
    expect(screen.getByText('Approved by Bob Other; needs the approval of another admin.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('offers them again once the role may decide (Finance)', () => {
    session.signedIn(adminWithRole('finance'));
    cell();
    expect(approve()).toBeEnabled();
  });
});
