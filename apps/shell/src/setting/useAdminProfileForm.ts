import { useMemo } from 'react';
import { useEndpointMutation, type AdminProfile, type UpdateAdminProfileBody } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';

import { Form, useEditController, timeZoneOptions } from '@backoffice/ui-kit/forms';

/** The form's values: the profile's editable fields, with what antd controls give back (undefined). */
export interface AdminProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  bio: string;
  timeZone: string | undefined;
  mainProfilePicture: string;
  /** Asked only when the email changes: the new address is where password resets will go. */
  currentPassword?: string;
}

function valuesOf(p: AdminProfile): AdminProfileFormValues {
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
export const emailChanges = (initial: AdminProfileFormValues, email: string | undefined) =>
  text(email).toLowerCase() !== text(initial.email).toLowerCase();

/** What a save sends: every field, each time (the contract's UpdateAdminProfileBody). */
function bodyOf(v: Partial<AdminProfileFormValues>): UpdateAdminProfileBody {
  return {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    email: text(v.email),
    bio: text(v.bio),
    mainProfilePicture: v.mainProfilePicture ?? '',
    timeZone: v.timeZone ?? '',
  };
}

/** The whole body when any field differs from where the form started (the password is no change of its own). */
function diff(initial: AdminProfileFormValues, current: AdminProfileFormValues): UpdateAdminProfileBody | null {
  const body = bodyOf(current);
  if (JSON.stringify(bodyOf(initial)) === JSON.stringify(body)) return null;
  return emailChanges(initial, current.email) ? { ...body, currentPassword: current.currentPassword ?? '' } : body;
}

/**
 * The admin's own profile form, on the one edit controller: values taken from the profile when
 * editing starts (a save in another tab does not reset the typing), the save, the server's field
 * errors on their fields, and the question before unsaved changes are lost. `close` ends editing.
 */
export function useAdminProfileForm(profile: AdminProfile, close: () => void) {
  const update = useEndpointMutation('updateAdminProfile', {
    // The header shows the admin's name: it follows the save at once.
    onSuccess: ({ data }) => session.adoptProfile(data),
  });
  const initial = useMemo(() => valuesOf(profile), [profile]);
  const edit = useEditController({
    initial,
    diff,
    save: (body) => update.mutateAsync({ body }),
    guardLabel: 'your profile',
    afterSave: close,
    // The email is the one field another account can hold, even from a server that names no field.
    conflictField: 'email',
  });
  const email = Form.useWatch('email', edit.form);
  return {
    ...edit,
    askPassword: !!edit.initialValues && emailChanges(edit.initialValues, email),
    cancel: () => edit.leave(close),
    timeZoneOptions: useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]),
  };
}
