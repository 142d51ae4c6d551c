import { useState, type ReactNode } from 'react';
import { Button, Flex, Input } from '@backoffice/ui-kit';
import { Form, FormErrorAlert, useFormServerErrors } from '@backoffice/ui-kit/forms';

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';

interface CodeValues {
  code: string;
}

/**
 * One field for a current code of the authenticator app, and a button: turning the factor on, or
 * making new recovery codes. The server's refusal goes on the field (above it when it names none).
 */
export function CodeForm({
  name,
  submitLabel,
  what,
  send,
  extra,
}: {
  /** The form's name (its fields' ids). */
  name: string;
  submitLabel: string;
  /** What a refusal no field can show was about, for its alert: "second factor". */
  what: string;
  /** Sends the code; rejects with the server's ApiError. */
  send: (code: string) => Promise<void>;
  /** Beside the button: a way back. */
  extra?: ReactNode;
}) {
  const [form] = Form.useForm<CodeValues>();
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, {
    fieldOf: (key) => (key === 'code' ? 'code' : undefined),
  });
  const [busy, setBusy] = useState(false);
  const onFinish = ({ code }: CodeValues) =>
    saveOnce(async () => {
      setBusy(true);
      try {
        await send(code.trim());
      } finally {
        setBusy(false);
      }
    });
  return (
    <Form<CodeValues> form={form} name={name} layout="vertical" requiredMark={false} onFinish={onFinish}>
      <FormErrorAlert what={what} error={formError} onClose={clearFormError} />
      <Form.Item
        name="code"
        label="Code from the app"
        rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: CODE_REQUIRED }]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} style={{ maxWidth: 200 }} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        {extra}
      </Flex>
    </Form>
  );
}
