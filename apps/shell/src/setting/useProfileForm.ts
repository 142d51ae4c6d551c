import { useMemo, useState } from 'react';
import { useUpdateAdminProfile, type AdminProfile, type UpdateAdminProfileBody } from '@backoffice/shared-api';
import { timeZoneOptions, useFormServerErrors, useToasts, useUnsavedChangesGuard } from '@backoffice/ui-kit';
import { Form } from '@backoffice/ui-kit/forms';

/** The form's values: the profile's editable fields, with what antd controls give back (undefined). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  timeZone: string | undefined;
  mainProfilePicture: string;
  /** Asked only when the email changes: the new address is where password resets will go. */
  currentPassword?: string;
}

const FIELDS = new Set<string>([
  'firstName',
  'lastName',
  'email',
  'bio',
  'timeZone',
  'mainProfilePicture',
  'currentPassword',
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

/** The server compares addresses without regard to case: so does the form. */
export const emailChanges = (initial: ProfileFormValues, email: string | undefined) =>
  text(email).toLowerCase() !== text(initial.email).toLowerCase();

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
  const watched = Form.useWatch((values: ProfileFormValues) => values, form);
  const dirty = isChanged(initialValues, watched);
  const askPassword = emailChanges(initialValues, watched?.email);
  const guard = useUnsavedChangesGuard(dirty, 'your profile');

  const save = (values: ProfileFormValues) =>
    saveOnce(async () => {
      const body = bodyOf(values);
      const saved = await update.mutateAsync(
        emailChanges(initialValues, values.email) ? { ...body, currentPassword: values.currentPassword ?? '' } : body,
      );
      toasts.show('success', saved.message);
      close();
    });

  return {
    form,
    initialValues,
    dirty,
    askPassword,
    save,
    saving: update.isPending,
    formError,
    clearFormError,
    // Asked of the form at the click: the watched values lag a render behind the last keystroke.
    cancel: () => guard.confirmLeave(close, isChanged(initialValues, form.getFieldsValue())),
    timeZoneOptions: useMemo(() => timeZoneOptions(initialValues.timeZone), [initialValues.timeZone]),
  };
}
