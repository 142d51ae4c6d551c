import { skipToken } from '@tanstack/react-query';
import {
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_NAME_PATTERN,
  useEndpointMutation,
  useEndpointQuery,
  type PaymentMethod,
  type UpdatePaymentMethodBody,
} from '@backoffice/shared-api';
import { useEditController, type FormRule } from '@backoffice/ui-kit/forms';

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

const NEW_METHOD: PaymentMethodValues = { name: '', isActive: true };

const valuesOf = (m: PaymentMethod): PaymentMethodValues => ({ name: m.name, isActive: m.isActive });

/** A new method is sent whole, whatever was touched. */
const everything = (_initial: PaymentMethodValues, current: PaymentMethodValues): UpdatePaymentMethodBody => ({
  name: current.name.trim(),
  isActive: current.isActive,
});

/** Only what the admin changed is sent: another admin's change to the other field stands. */
function changedFields(initial: PaymentMethodValues, current: PaymentMethodValues): UpdatePaymentMethodBody | null {
  const changes: UpdatePaymentMethodBody = {};
  const name = current.name.trim();
  if (name !== initial.name) changes.name = name;
  if (current.isActive !== initial.isActive) changes.isActive = current.isActive;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The add/edit dialog's form, on the one edit controller: the values to start from (an edit reads
 * the method), the save, and the server's field errors on their fields. A dialog has no leave
 * guard: Cancel is the admin's own choice. It lives as long as one opening of the dialog, so each
 * opening starts from a clean form; `close` ends it after a save, or a save with nothing to send.
 */
export function usePaymentMethodForm(target: PaymentMethodTarget, close: () => void) {
  const adding = target.mode === 'add';
  const detail = useEndpointQuery('getPaymentMethodDetail', adding ? skipToken : { id: target.id });
  const create = useEndpointMutation('createPaymentMethod');
  const update = useEndpointMutation('updatePaymentMethod');

  const edit = useEditController({
    initial: adding ? NEW_METHOD : detail.data && valuesOf(detail.data),
    diff: adding ? everything : changedFields,
    save: (changes, values) =>
      adding
        ? create.mutateAsync({ body: { name: values.name.trim(), isActive: values.isActive } })
        : update.mutateAsync({ query: { id: target.id }, body: changes }),
    afterSave: close,
    unchanged: close,
    savedMessage: adding ? 'Payment method added' : 'Payment method saved',
    // A duplicate name is a conflict on the name, even from a server that names no field.
    conflictField: 'name',
  });

  return {
    ...edit,
    loadError: !edit.initialValues && !detail.isFetching && detail.error ? detail.error.message : undefined,
    retryLoad: () => void detail.refetch(),
  };
}
