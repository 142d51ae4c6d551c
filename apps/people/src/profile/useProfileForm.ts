import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import { timeZoneOptions, useFormServerErrors, useToasts, useUnsavedChangesGuard } from '@backoffice/ui-kit';
import { Form } from '@backoffice/ui-kit/forms';
import {
  useCategories,
  useLanguages,
  useUpdateUserProfile,
  type PersonKind,
  type UserProfile,
} from '@backoffice/shared-api';
import { bodyOf, fieldNameOf, isChanged, valuesOf, type ProfileFormValues } from './profileFormModel';

export const SAVED_MESSAGE = 'Profile saved';

/**
 * The edit form's logic: initial values from the profile, browser checks (RULES), the save, the
 * server's field errors placed on their fields, and the prompt before unsaved changes are lost.
 */
export function useProfileForm(kind: PersonKind, profile: UserProfile) {
  const [form] = Form.useForm<ProfileFormValues>();
  const navigate = useNavigate();
  const toasts = useToasts();
  const update = useUpdateUserProfile(kind);
  const categories = useCategories();
  const languages = useLanguages();
  const initialValues = useMemo(() => valuesOf(kind, profile), [kind, profile]);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty, 'this profile');
  const viewPath = `../view/${profile._id}`;

  const onValuesChange = useCallback(() => {
    setDirty(isChanged(kind, initialValues, form.getFieldsValue(true) as ProfileFormValues));
  }, [kind, initialValues, form]);

  // A fan's form has no influencer fields, so an error on one of them goes to the Alert.
  const known = useMemo(() => new Set(Object.keys(initialValues)), [initialValues]);
  const fieldOf = useCallback(
    (key: string) => {
      const name = fieldNameOf(key);
      // A whole-list key ('socialMedia') has no field of its own to carry the message.
      const onAField = known.has(String(name[0])) && (name[0] !== 'socialMedia' || name.length === 3);
      return onAField ? name : undefined;
    },
    [known],
  );
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, { fieldOf });

  const save = useCallback(
    (values: ProfileFormValues) =>
      saveOnce(async () => {
        await update.mutateAsync({ id: profile._id, changes: bodyOf(kind, values) });
        setDirty(false);
        toasts.show('success', SAVED_MESSAGE);
        // Saved, so nothing is lost; told so at once, as the guard hears of `dirty` a render late.
        guard.confirmLeave(() => navigate(viewPath), false);
      }),
    [update, profile._id, kind, saveOnce, toasts, guard, navigate, viewPath],
  );

  return {
    form,
    initialValues,
    onValuesChange,
    save,
    saving: update.isPending,
    dirty,
    formError,
    clearFormError,
    /** Cancel, Back: ask first when something is unsaved. */
    leave: (to: string = viewPath) => guard.confirmLeave(() => navigate(to)),
    categoryOptions: (categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
    categoriesLoading: categories.isLoading,
    languageOptions: (languages.data ?? []).map((l) => ({ value: l._id, label: l.name })),
    languagesLoading: languages.isLoading,
    timeZoneOptions: useMemo(() => timeZoneOptions(initialValues.timeZone), [initialValues.timeZone]),
  };
}
