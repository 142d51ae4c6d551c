import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, useToasts, useUnsavedChangesGuard } from '@backoffice/ui-kit';
import {
  ApiError,
  useCategories,
  useLanguages,
  useUpdateUserProfile,
  type PersonKind,
  type UserProfile,
} from '@backoffice/shared-api';
import { bodyOf, fieldNameOf, isChanged, timeZoneOptions, valuesOf, type ProfileFormValues } from './profileFormModel';

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
  const [formError, setFormError] = useState<string>();
  const guard = useUnsavedChangesGuard(dirty, 'this profile');
  const viewPath = `../view/${profile._id}`;

  const onValuesChange = useCallback(() => {
    setDirty(isChanged(kind, initialValues, form.getFieldsValue(true) as ProfileFormValues));
  }, [kind, initialValues, form]);

  const showServerErrors = useCallback(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const errors = error instanceof ApiError ? error.errors : undefined;
      // A fan's form has no influencer fields, so an error on one of them goes to the Alert.
      const known = new Set(Object.keys(initialValues));
      const placed: Array<{ name: Array<string | number>; errors: string[] }> = [];
      let unplaced = !errors;
      for (const [key, msg] of Object.entries(errors ?? {})) {
        const name = fieldNameOf(key);
        // A whole-list key ('socialMedia') has no field of its own to carry the message.
        const onAField = known.has(String(name[0])) && (name[0] !== 'socialMedia' || name.length === 3);
        if (onAField) placed.push({ name, errors: [msg] });
        else unplaced = true;
      }
      // Server keys are only known at run time, so they cannot be checked against the form's names.
      form.setFields(placed as Parameters<typeof form.setFields>[0]);
      setFormError(unplaced ? message : undefined);
      if (placed[0]) form.scrollToField(placed[0].name);
    },
    [form, initialValues],
  );

  const save = useCallback(
    async (values: ProfileFormValues) => {
      setFormError(undefined);
      try {
        await update.mutateAsync({ id: profile._id, changes: bodyOf(kind, values) });
      } catch (e) {
        showServerErrors(e);
        return;
      }
      setDirty(false);
      toasts.show('success', SAVED_MESSAGE);
      navigate(viewPath);
    },
    [update, profile._id, kind, showServerErrors, toasts, navigate, viewPath],
  );

  return {
    form,
    initialValues,
    onValuesChange,
    save,
    saving: update.isPending,
    dirty,
    formError,
    dismissFormError: () => setFormError(undefined),
    /** Cancel, Back: ask first when something is unsaved. */
    leave: (to: string = viewPath) => guard.confirmLeave(() => navigate(to)),
    categoryOptions: (categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
    categoriesLoading: categories.isLoading,
    languageOptions: (languages.data ?? []).map((l) => ({ value: l._id, label: l.name })),
    languagesLoading: languages.isLoading,
    timeZoneOptions: useMemo(() => timeZoneOptions(initialValues.timeZone), [initialValues.timeZone]),
  };
}
