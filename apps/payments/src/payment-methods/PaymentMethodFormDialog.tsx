import { Alert, Button, ErrorState, Flex, Input, Spin, Switch } from '@backoffice/ui-kit';
import { Modal } from '@backoffice/ui-kit/forms';
import { Form } from '@backoffice/ui-kit/forms';
import { PAYMENT_LIMITS } from '@backoffice/shared-api';
import {
  NAME_RULES,
  usePaymentMethodForm,
  type PaymentMethodTarget,
  type PaymentMethodValues,
} from './usePaymentMethodForm';

export interface PaymentMethodFormDialogProps {
  target: PaymentMethodTarget;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Adds or edits a payment method. Mount one per opening (a new `key`): the form then starts clean.
 * A refused save keeps everything typed and puts the server's message on the field it names.
 */
export function PaymentMethodFormDialog({ target, open, onClose, afterClose }: PaymentMethodFormDialogProps) {
  const f = usePaymentMethodForm(target, onClose);
  const adding = target.mode === 'add';

  let body;
  if (f.loadError) {
    body = <ErrorState title="The payment method could not be loaded" message={f.loadError} onRetry={f.retryLoad} />;
  } else if (!f.initialValues) {
    body = (
      <Flex justify="center" role="status" aria-label="Loading" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <Form<PaymentMethodValues> {...f.formProps} layout="vertical" disabled={f.saving}>
        <Form.Item name="name" label="Method name" rules={NAME_RULES}>
          <Input maxLength={PAYMENT_LIMITS.methodNameMax} showCount autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="isActive" label="Active" valuePropName="checked">
          <Switch />
        </Form.Item>
        {f.formError && <Alert type="error" showIcon title={f.formError} />}
      </Form>
    );
  }

  return (
    <Modal
      open={open}
      title={adding ? 'Add payment method' : 'Edit payment method'}
      onCancel={() => {
        if (!f.saving) onClose();
      }}
      afterClose={afterClose}
      mask={{ closable: false }}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose} disabled={f.saving}>
            Cancel
          </Button>
          <Button type="primary" loading={f.saving} disabled={!f.initialValues} onClick={() => f.form.submit()}>
            Save
          </Button>
        </Flex>
      }
    >
      {body}
    </Modal>
  );
}
