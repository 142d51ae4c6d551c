import { useState } from 'react';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_NAME_PATTERN,
  useCreatePaymentMethod,
  usePaymentMethodDetail,
  useUpdatePaymentMethod,
  type UpdatePaymentMethodBody,
} from '@backoffice/shared-api';
import { useFormServerErrors, useToasts } from '@backoffice/ui-kit';
import { Form, type FormRule } from '@backoffice/ui-kit/forms';

export interface PaymentMethodValues {
  name: string;
  isActive: boolean;
}

/** What the form is for: a new method, or an existing one by id. */
export type PaymentMethodTarget = { mode: 'add' } | { mode: 'edit'; id: string };

const NAME = new RegExp(PAYMENT_METHOD_NAME_PATTERN);

/**
 * The browser's checks, the server's rules: required, at most methodNameMax, the name pattern, all
 * on the trimmed text (spaces around a name are not part of it, and are not sent).
 */
export const NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: 'Enter the method name.' },
  {
    validator: async (_, value: string | undefined) => {
      const name = (value ?? '').trim();
      if (!name) return;
      if (name.length > PAYMENT_LIMITS.methodNameMax)
        throw new Error(`At most ${PAYMENT_LIMITS.methodNameMax} characters.`);
      if (!NAME.test(name)) throw new Error(PAYMENT_MESSAGES.paymentMethodNameInvalid);
    },
  },
];

const FIELDS = new Set<string>(['name', 'isActive']);
const fieldOf = (key: string) => (FIELDS.has(key) ? key : undefined);

/**
 * The add/edit form's logic: the values to start from (an edit reads the method afresh), the save,
 * and the server's field errors placed on their fields. It lives as long as one opening of the
 * dialog, so each opening starts from a clean form.
 */
export function usePaymentMethodForm(target: PaymentMethodTarget, onSaved: () => void) {
  const [form] = Form.useForm<PaymentMethodValues>();
  const toasts = useToasts();
  const detail = usePaymentMethodDetail(target.mode === 'edit' ? target.id : undefined);
  const create = useCreatePaymentMethod();
  const update = useUpdatePaymentMethod();
  // A duplicate name is a conflict on the name, even from a server that names no field.
  const { formError, saveOnce } = useFormServerErrors(form, { fieldOf, conflictField: 'name' });

  // Taken once per opening: the form starts from these, and an edit sends only what differs from them,
  // so a refetch (another admin's change) neither resets what is being typed nor is undone by it.
  const [initial, setInitial] = useState<PaymentMethodValues | undefined>(
    target.mode === 'add' ? { name: '', isActive: true } : undefined,
  );
  if (!initial && detail.data) setInitial({ name: detail.data.name, isActive: detail.data.isActive });

  const save = async (values: PaymentMethodValues) => {
    const start = initial;
    if (!start) return;
    const name = values.name.trim();
    await saveOnce(async () => {
      if (target.mode === 'add') {
        await create.mutateAsync({ name, isActive: values.isActive });
        toasts.show('success', 'Payment method added');
      } else {
        // Only what the admin changed is sent: another admin's change to the other field stands.
        const changes: UpdatePaymentMethodBody = {};
        if (name !== start.name) changes.name = name;
        if (values.isActive !== start.isActive) changes.isActive = values.isActive;
        if (Object.keys(changes).length > 0) {
          await update.mutateAsync({ id: target.id, changes });
          toasts.show('success', 'Payment method saved');
        }
      }
      onSaved();
    });
  };

  return {
    form,
    initialValues: initial,
    loading: !initial && (detail.isFetching || !detail.error),
    loadError: !initial && !detail.isFetching && detail.error ? detail.error.message : undefined,
    retryLoad: () => void detail.refetch(),
    save,
    saving: create.isPending || update.isPending,
    formError,
  };
}
