import { Input, Typography } from '@backoffice/ui-kit';
import { Modal } from '@backoffice/ui-kit/forms';
import { Form } from '@backoffice/ui-kit/forms';
import { PROFILE_LIMITS } from '@backoffice/shared-api/profile';
import type { DecisionOutcome } from './useRequestViewController';

interface RejectValues {
  reason: string;
}

export interface RejectRequestDialogProps {
  open: boolean;
  applicantName: string;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => Promise<DecisionOutcome>;
}

/** Asks for the reason, which the applicant receives by email; the caller closes it once decided. */
export function RejectRequestDialog({ open, applicantName, busy, onCancel, onReject }: RejectRequestDialogProps) {
  const [form] = Form.useForm<RejectValues>();

  const finish = async ({ reason }: RejectValues) => {
    const outcome = await onReject(reason.trim());
    if (typeof outcome === 'object') form.setFields([{ name: 'reason', errors: [outcome.reasonError] }]);
  };

  return (
    <Modal
      open={open}
      title={`Reject ${applicantName}'s application?`}
      okText="Reject"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      // A new dialog starts empty, not with the reason typed for an earlier attempt.
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The reason is emailed to the applicant, so write it for them.
      </Typography.Paragraph>
      <Form<RejectValues> form={form} layout="vertical" onFinish={finish}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: 'Enter the reason for the rejection.' },
            { max: PROFILE_LIMITS.reasonMax, message: `At most ${PROFILE_LIMITS.reasonMax} characters.` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={PROFILE_LIMITS.reasonMax} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
