import { useId } from 'react';
import {
  Button,
  CheckOutlined,
  CloseOutlined,
  Flex,
  OneLine,
  Space,
  Typography,
  formatDateTime,
} from '@backoffice/ui-kit';
import { type PayoutRequestRow } from '@backoffice/shared-api';
import { useAuthUser, useCan } from '@backoffice/shared-api/runtime';
import { adminName } from '../payment-list/adminName';

export interface PayoutDecisionCellProps {
  row: PayoutRequestRow;
  onApprove: (row: PayoutRequestRow) => void;
  onReject: (row: PayoutRequestRow) => void;
}

/** 'Ada Admin' or 'Ada Admin and Grace Second'. */
const namesOf = (row: PayoutRequestRow) => row.approvals.map((a) => adminName(a.by)).join(' and ');

/** A pending request some admins approved and that needs another's approval still. */
export const awaitsAnotherApproval = (row: PayoutRequestRow) =>
  row.status === 'pending' && row.approvals.length > 0 && row.approvals.length < row.approvalsNeeded;

/**
 * The Action column: Approve and Reject while pending, then who decided, when, and why. A request
 * that needs two admins' approval says whose approval it has and that it needs another admin's; the
 * admin who gave it cannot give the second, so their Approve is disabled and says why.
 */
/**
 * Where focus goes back to after the row's dialog closes when the button that opened it is gone (the
 * decision replaced it) or disabled (the admin's own first approval): the row's decision, which a
 * script may focus but Tab passes over.
 */
const focusTarget = (row: PayoutRequestRow) => ({ 'data-payout-decision': row._id, tabIndex: -1 });

/**
 * Focuses the decision cell of the row `id` when focus has nowhere else to be: it fell to the page,
 * or stayed on the closed dialog's button, which antd keeps until the dialog unmounts.
 */
export function focusDecisionOf(id: string): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !active.closest('[role="dialog"]')) return;
  document.querySelector<HTMLElement>(`[data-payout-decision="${CSS.escape(id)}"]`)?.focus();
}

export function PayoutDecisionCell({ row, onApprove, onReject }: PayoutDecisionCellProps) {
  const me = useAuthUser()?._id;
  const noteId = useId();
  const mayDecide = useCan('payouts.decide');
  if (row.status === 'pending') {
    const waiting = awaitsAnotherApproval(row);
    const approvedByMe = waiting && row.approvals.some((a) => a.by._id === me);
    const note = waiting
      ? `Approved by ${namesOf(row)}; needs the approval of another admin`
      : row.approvalsNeeded > 1
        ? 'Needs the approval of two admins'
        : undefined;
    // A role that may not decide payouts sees where the request stands, without Approve or Reject.
    if (!mayDecide)
      return <Typography.Text type="secondary">{note ? `${note}.` : 'Awaiting a decision.'}</Typography.Text>;
    return (
      <Flex vertical gap={4} style={{ maxWidth: 260 }} {...focusTarget(row)}>
        <Space size="small">
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined aria-hidden />}
            disabled={approvedByMe}
            aria-describedby={note ? noteId : undefined}
            onClick={() => onApprove(row)}
          >
            Approve
          </Button>
          <Button danger size="small" icon={<CloseOutlined aria-hidden />} onClick={() => onReject(row)}>
            Reject
          </Button>
        </Space>
        {note && (
          <Typography.Text id={noteId} type="secondary">
            {`${note}.`}
            {approvedByMe && ' You gave the first approval: the second must come from another admin.'}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  const verb = row.status === 'approved' ? 'Approved' : 'Rejected';
  const by =
    row.status === 'approved' && row.approvals.length > 1 ? namesOf(row) : row.decidedBy && adminName(row.decidedBy);
  return (
    <Flex vertical style={{ maxWidth: 260 }} {...focusTarget(row)}>
      <Typography.Text>{by ? `${verb} by ${by}` : verb}</Typography.Text>
      <Typography.Text type="secondary">{formatDateTime(row.decidedAt)}</Typography.Text>
      {row.status === 'approved' && row.payout?.reference && (
        <Typography.Text type="secondary">{`Reference ${row.payout.reference}`}</Typography.Text>
      )}
      {row.status === 'rejected' && row.reason && (
        <OneLine type="secondary" text={`Reason: ${row.reason}`} title={row.reason} />
      )}
    </Flex>
  );
}
