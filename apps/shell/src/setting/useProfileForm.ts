import { useMemo, useState } from 'react';
import { useUpdateAdminProfile, type AdminProfile, type UpdateAdminProfileBody } from '@backoffice/shared-api';
import { Form, timeZoneOptions, useFormServerErrors, useToasts, useUnsavedChangesGuard } from '@backoffice/ui-kit';

/** The form's values: the profile's editable fields, with what antd controls give back (undefined). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  timeZone: string | undefined;
  mainProfilePicture: string;
}

const FIELDS = new Set<string>([
  'firstName',
  'lastName',
  'email',
  'bio',
  'timeZone',
  'mainProfilePicture',
] satisfies Array<keyof ProfileFormValues>);
const fieldOf = (key: string) => (FIELDS.has(key) ? key : undefined);

function valuesOf(p: AdminProfile): ProfileFormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    bio: p.bio,
    timeZone: p.timeZone || undefined,
    mainProfilePicture: p.mainProfilePicture,
  };
}

const text = (v: string | undefined | null) => (v ?? '').trim();

/** What a save sends: every field, each time (the contract's UpdateAdminProfileBody). */
function bodyOf(v: Partial<ProfileFormValues>): UpdateAdminProfileBody {
  return {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    email: text(v.email),
    bio: text(v.bio),
    mainProfilePicture: v.mainProfilePicture ?? '',
    timeZone: v.timeZone ?? '',
  };
}

const isChanged = (initial: ProfileFormValues, current: Partial<ProfileFormValues> | undefined) =>
  !!current && JSON.stringify(bodyOf(initial)) !== JSON.stringify(bodyOf({ ...initial, ...current }));

/**
 * The edit form's logic: values taken from the profile when editing starts (a save in another tab
 * does not reset the typing), the browser's checks (PROFILE_RULES), the save, the server's field
 * errors on their fields with the typing kept, and the prompt before unsaved changes are lost.
 * `close` ends editing.
 */
export function useProfileForm(profile: AdminProfile, close: () => void) {
  const [form] = Form.useForm<ProfileFormValues>();
  const toasts = useToasts();
  const update = useUpdateAdminProfile();
  const [initialValues] = useState(() => valuesOf(profile));
  // The email is the one field another account can hold, even from a server that names no field.
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, {
    fieldOf,
    conflictField: 'email',
  });
  const dirty = isChanged(
    initialValues,
    Form.useWatch((values: ProfileFormValues) => values, form),
  );
  const guard = useUnsavedChangesGuard(dirty, 'your profile');

  const save = (values: ProfileFormValues) =>
    saveOnce(async () => {
      const saved = await update.mutateAsync(bodyOf(values));
      toasts.show('success', saved.message);
      close();
    });

  return {
    form,
    initialValues,
    dirty,
    save,
    saving: update.isPending,
    formError,
    clearFormError,
    // Asked of the form at the click: the watched values lag a render behind the last keystroke.
    cancel: () => guard.confirmLeave(close, isChanged(initialValues, form.getFieldsValue())),
    timeZoneOptions: useMemo(() => timeZoneOptions(initialValues.timeZone), [initialValues.timeZone]),
  };
}
