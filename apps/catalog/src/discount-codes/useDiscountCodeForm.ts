import { useMemo, useState } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import { useSaveDiscountCode, type DiscountCodeRow } from '@backoffice/shared-api';
import { useFormServerErrors, useToasts, useUnsavedChangesGuard } from '@backoffice/ui-kit';
import { Form } from '@backoffice/ui-kit/forms';
import { INFLUENCER_TYPE } from './discountCodeLabels';
import {
  FORM_FIELDS,
  NEW_CODE_VALUES,
  changesOf,
  createBodyOf,
  rulesFor,
  valuesOf,
  type DiscountCodeFormValues,
} from './discountCodeFormModel';

const FIELDS = new Set<string>(FORM_FIELDS);
const fieldOf = (key: string) => (FIELDS.has(key) ? key : undefined);

/**
 * The add and edit form's logic: the values to start from, the browser's checks, the save (an edit
 * sends only what changed), the server's field errors placed on their fields with everything typed
 * kept, and, once saved, the server's message and the code's view. `code` is absent when adding.
 */
export function useDiscountCodeForm(code?: DiscountCodeRow) {
  const [form] = Form.useForm<DiscountCodeFormValues>();
  const navigate = useNavigate();
  const toasts = useToasts();
  const save = useSaveDiscountCode();
  // A taken name is a conflict on the name, even from a server that names no field.
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, {
    fieldOf,
    conflictField: 'codeName',
  });
  // Taken once: an edit sends what differs from these, so a refetch neither resets the typing nor
  // turns another admin's change into one of ours.
  const [initialValues] = useState(() => (code ? valuesOf(code) : NEW_CODE_VALUES));
  const type = Form.useWatch('type', form) ?? initialValues.type;
  // The live count: redemptions made while the form is open still bound the limit.
  const redeemed = code?.totalRedeem ?? 0;
  const rules = useMemo(() => rulesFor(redeemed), [redeemed]);
  const viewOf = (id: string) => `../view/${id}`;
  const differs = (values: Partial<DiscountCodeFormValues> | undefined) =>
    !!values && Object.keys(changesOf(initialValues, { ...initialValues, ...values })).length > 0;
  const dirty = differs(Form.useWatch((values: DiscountCodeFormValues) => values, form));
  const guard = useUnsavedChangesGuard(dirty, code ? 'this discount code' : 'the new discount code');

  const submit = (values: DiscountCodeFormValues) =>
    saveOnce(async () => {
      let request;
      if (!code) {
        request = { mode: 'add' as const, body: createBodyOf(values) };
      } else {
        const changes = changesOf(initialValues, values);
        // Nothing to send: the server would refuse an empty change ("Send at least one field").
        if (Object.keys(changes).length === 0) {
          guard.confirmLeave(() => navigate(viewOf(code._id)), false);
          return;
        }
        request = { mode: 'edit' as const, id: code._id, changes };
      }
      const saved = await save.mutateAsync(request);
      toasts.show('success', saved.message || (code ? 'Discount code saved' : 'Discount code added'));
      // The form still differs from where it started, but nothing is lost: the guard must not ask.
      guard.confirmLeave(() => navigate(viewOf(saved.code._id)), false);
    });

  return {
    form,
    initialValues,
    rules,
    redeemed,
    showInfluencer: type === INFLUENCER_TYPE,
    submit,
    saving: save.isPending,
    formError,
    clearFormError,
    // Asked of the form at the click: the watched values lag a render behind the last keystroke.
    cancel: () => guard.confirmLeave(() => navigate(code ? viewOf(code._id) : '..'), differs(form.getFieldsValue())),
  };
}
