import { useState } from 'react';
import { Input } from '@backoffice/ui-kit/antd';
import { Form } from '@backoffice/ui-kit/antd-on-demand';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Reply } from '@backoffice/shared-api';
import { ApiError } from '@backoffice/shared-api/runtime';
import { AUTH_FIELD_MESSAGES as SAY } from './authMessages';
import { useFormServerErrors } from '../controllers/useFormServerErrors';

export function EmailField({ autoComplete = 'email' }: { autoComplete?: string }) {
  return (
    <Form.Item
      label="Email"
      name="email"
      rules={[
        { required: true, message: SAY.emailRequired },
        { type: 'email', message: SAY.emailInvalid },
      ]}
    >
      <Input autoComplete={autoComplete} autoFocus />
    </Form.Item>
  );
}

/** A new password (the server's length policy) and its confirmation. */
export function NewPasswordFields({ name }: { name: string }) {
  return (
    <>
      <Form.Item
        label="New password"
        name={name}
        rules={[
          { required: true, message: SAY.passwordRequired },
          { min: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters` },
          { max: PASSWORD_MAX_LENGTH, message: `Use at most ${PASSWORD_MAX_LENGTH} characters` },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirm"
        dependencies={[name]}
        rules={[
          { required: true, message: 'Confirm the new password' },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error('The passwords do not match')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

const fieldNamed = (key: string) => key;

/**
 * Sends a form to the server and shows what it says, through the one server-form hook
 * (useFormServerErrors): its field errors on their fields, its message above the form unless every
 * error found its field; `busy` while it waits.
 */
export function useServerForm<T extends object>() {
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const { formError, showServerErrors, clearFormError } = useFormServerErrors(form, { fieldOf: fieldNamed });
  const submit = async <R,>(send: () => Promise<Reply<R>>): Promise<Reply<R>> => {
    setBusy(true);
    clearFormError();
    const reply = await send();
    setBusy(false);
    if (reply.statusCode !== 200) showServerErrors(new ApiError(reply));
    return reply;
  };
  return { form, error: formError, busy, submit };
}
