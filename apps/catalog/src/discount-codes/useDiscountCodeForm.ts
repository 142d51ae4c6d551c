import { useMemo } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import {
  useEndpointMutation,
  type CreateDiscountCodeBody,
  type DiscountCodeRow,
  type UpdateDiscountCodeBody,
} from '@backoffice/shared-api';
import { useLinkTo } from '@backoffice/ui-kit';
import { Form, useEditController } from '@backoffice/ui-kit/forms';
import { INFLUENCER_TYPE } from './discountCodeLabels';
import {
  NEW_CODE_VALUES,
  changesOf,
  createBodyOf,
  rulesFor,
  valuesOf,
  type DiscountCodeFormValues,
} from './discountCodeFormModel';

/** What a save sends: a new code whole, or only the fields of an existing one that changed. */
type DiscountCodeSave =
  { mode: 'add'; body: CreateDiscountCodeBody } | { mode: 'edit'; id: string; changes: UpdateDiscountCodeBody };

/**
 * The add and edit form's logic on ui-kit's edit controller: the values to start from, the
 * browser's checks, the save (an edit sends only what changed), the server's field errors on their
 * fields with everything typed kept, and, once saved, the server's message and the code's view.
 * `code` is absent when adding.
 */
export function useDiscountCodeForm(code?: DiscountCodeRow) {
  const navigate = useNavigate();
  const link = useLinkTo();
  const create = useEndpointMutation('createDiscountCode');
  const update = useEndpointMutation('updateDiscountCode');
  const viewOf = (id: string) => link('discountCodeView', { id });
  const edit = useEditController<DiscountCodeFormValues, DiscountCodeSave, DiscountCodeRow>({
    initial: code ? valuesOf(code) : NEW_CODE_VALUES,
    diff: (initial, current) => {
      const changes = changesOf(initial, current);
      if (Object.keys(changes).length === 0) return null;
      return code ? { mode: 'edit', id: code._id, changes } : { mode: 'add', body: createBodyOf(current) };
    },
    save: (s) =>
      s.mode === 'add'
        ? create.mutateAsync({ body: s.body })
        : update.mutateAsync({ query: { id: s.id }, body: s.changes }),
    guardLabel: code ? 'this discount code' : 'the new discount code',
    afterSave: (saved) => navigate(viewOf(saved.data._id)),
    // Nothing to send (the server would refuse an empty change): the view shows the code as it is.
    unchanged: code ? () => navigate(viewOf(code._id)) : undefined,
    savedMessage: code ? 'Discount code saved' : 'Discount code added',
    // A taken name is a conflict on the name, even from a server that names no field.
    conflictField: 'codeName',
  });
  const type = Form.useWatch('type', edit.form) ?? edit.initialValues?.type;
  // The live count: redemptions made while the form is open still bound the limit.
  const redeemed = code?.totalRedeem ?? 0;
  const rules = useMemo(() => rulesFor(redeemed), [redeemed]);

  return {
    ...edit,
    rules,
    redeemed,
    showInfluencer: type === INFLUENCER_TYPE,
    cancel: () => edit.leave(() => navigate(code ? viewOf(code._id) : link('discountCodes'))),
  };
}
