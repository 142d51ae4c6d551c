import { useCallback, useRef, useState } from 'react';
import type { FormInstance } from '@backoffice/ui-kit/antd-on-demand';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';

/** A form field's name as antd takes it: 'email', or ['socialMedia', 0, 'url'] inside a list. */
export type FormFieldName = string | number | Array<string | number>;

export interface FormServerErrorsOptions {
  /**
   * The field that shows the server's error `key`, or undefined when the form has none (a field of
   * another kind of record, a whole list): that message then goes to the form's alert.
   */
  fieldOf: (key: string) => FormFieldName | undefined;
  /**
   * The key a 409 that names no field is about: the one value another record can already hold
   * (an email, a name). Without it such a 409 goes to the alert.
   */
  conflictField?: string;
}

/**
 * A refused save, shown where the admin will look: each of the server's field errors on its field
 * (the typing is kept), the page scrolled to the first; the server's message in `formError`, for
 * the form's alert, unless every error found its field. `saveOnce` runs a save with all of that.
 */
export function useFormServerErrors<Values>(
  form: FormInstance<Values>,
  { fieldOf, conflictField }: FormServerErrorsOptions,
) {
  const [formError, setFormError] = useState<string>();

  const showServerErrors = useCallback(
    (error: unknown) => {
      const message = error instanceof Error && error.message ? error.message : UNKNOWN_ERROR_MESSAGE;
      const errors: Record<string, string> = { ...(error instanceof ApiError ? error.errors : undefined) };
      if (conflictField && error instanceof ApiError && error.statusCode === 409 && Object.keys(errors).length === 0)
        errors[conflictField] = message;
      const placed: Array<{ name: FormFieldName; errors: string[] }> = [];
      for (const [key, msg] of Object.entries(errors)) {
        const name = fieldOf(key);
        if (name !== undefined) placed.push({ name, errors: [msg] });
      }
      // Server keys are only known at run time, so they cannot be checked against the form's names.
      form.setFields(placed as Parameters<FormInstance<Values>['setFields']>[0]);
      const allPlaced = placed.length > 0 && placed.length === Object.keys(errors).length;
      setFormError(allPlaced ? undefined : message);
      if (placed[0]) form.scrollToField(placed[0].name);
    },
    [form, fieldOf, conflictField],
  );

  const clearFormError = useCallback(() => setFormError(undefined), []);

  // A mutation's isPending arrives with the next render; a second click in the same frame must
  // already find the first save running.
  const saving = useRef(false);
  /** Runs `save` unless one is running: the last refusal cleared first, a new one shown as above. */
  const saveOnce = useCallback(
    async (save: () => Promise<void>) => {
      if (saving.current) return;
      saving.current = true;
      setFormError(undefined);
      try {
        await save();
      } catch (error) {
        showServerErrors(error);
      } finally {
        saving.current = false;
      }
    },
    [showServerErrors],
  );

  return { formError, showServerErrors, clearFormError, saveOnce };
}
