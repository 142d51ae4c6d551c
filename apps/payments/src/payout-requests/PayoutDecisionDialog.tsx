import { Alert, Flex, Input, Typography, formatDollars } from '@backoffice/ui-kit';
import { Modal } from '@backoffice/ui-kit/forms';
import { Form } from '@backoffice/ui-kit/forms';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES } from '@backoffice/shared-api';
import { adminName } from '../payment-list/adminName';
import { influencerOf, type DecisionDialogState, type DecisionOutcome } from './usePayoutDecision';

interface RejectValues {
  reason: string;
}

export interface PayoutDecisionDialogProps {
  dialog: DecisionDialogState | undefined;
  busy: boolean;
  /** Why the last attempt failed (network, server error); the admin may try again. */
  failure: string | undefined;
  onSubmit: (reason?: string) => Promise<DecisionOutcome>;
  onCancel: () => void;
  afterClose: () => void;
}

/**
 * Confirms an approval, or asks the reason for a rejection; both name the influencer and the amount.
 * It stays open, its button loading, until the server has answered. Mount one per opening (a new
 * `key`), so that a new dialog starts empty, not with the reason typed for an earlier request.
 */
export function PayoutDecisionDialog({
  dialog,
  busy,
  failure,
  onSubmit,
  onCancel,
  afterClose,
}: PayoutDecisionDialogProps) {
  const [form] = Form.useForm<RejectValues>();
  if (!dialog) return null;
  const { row, decision } = dialog;
  const name = influencerOf(row);
  const payout = formatDollars(row.payable_amount);
  const approving = decision === 'approved';
  // What this approval does: pays, or is the first of the two this payout needs.
  const first = row.approvals[0];
  const approvalDoes =
    row.approvalsNeeded < 2
      ? 'The payout is made once approved; it cannot be undone.'
      : first
        ? `${adminName(first.by)} approved it first; your approval makes the payout, which cannot be undone.`
        : 'This payout needs the approval of two admins: yours is the first, and nothing is paid until another admin approves.';

  const rejectWith = async ({ reason }: RejectValues) => {
    const outcome = await onSubmit(reason.trim());
    if (typeof outcome === 'object') form.setFields([{ name: 'reason', errors: [outcome.reasonError] }]);
  };

  return (
    <Modal
      open={dialog.open}
      title={`${approving ? 'Approve' : 'Reject'} the payout of ${payout} to ${name}?`}
      okText={approving ? 'Approve' : 'Reject'}
      okButtonProps={{ danger: !approving }}
      cancelText="Cancel"
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      onOk={() => (approving ? void onSubmit() : form.submit())}
      onCancel={onCancel}
      afterClose={afterClose}
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          {`${name} (${row.email}) requested ${formatDollars(row.amount)}: ${payout} after the ${formatDollars(
            row.platformFee,
          )} platform fee.`}{' '}
          {approving ? approvalDoes : 'The influencer is told the reason.'}
        </Typography.Paragraph>
        {!approving && (
          <Form<RejectValues> form={form} layout="vertical" onFinish={rejectWith}>
            <Form.Item
              name="reason"
              label="Reason"
              rules={[
                { required: true, whitespace: true, message: PAYMENT_MESSAGES.reasonRequired },
                { max: PAYMENT_LIMITS.reasonMax, message: `At most ${PAYMENT_LIMITS.reasonMax} characters.` },
              ]}
            >
              <Input.TextArea rows={4} maxLength={PAYMENT_LIMITS.reasonMax} showCount autoFocus disabled={busy} />
            </Form.Item>
          </Form>
        )}
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            description="Try again: the same decision is sent, so the payout is made at most once."
          />
        )}
      </Flex>
    </Modal>
  );
}
