import { useMemo, useState } from 'react';
import type { Saved } from '@backoffice/shared-api';
import { Form } from '@backoffice/ui-kit/antd-on-demand';
import { useToasts, type ToastKind } from '@backoffice/ui-kit/antd';
import { useFormServerErrors, type FormFieldName } from './useFormServerErrors';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

export const NOTHING_CHANGED_MESSAGE = 'No changes to save';

export interface EditControllerOptions<Values extends object, Changes, Data> {
  /**
   * The values the form starts from; undefined while they load. Taken once, when first known: a
   * refetch (another admin's change) neither resets what is being typed nor is undone by the save.
   */
  initial: Values | undefined;
  /** What a save sends, from where the form started and where it is now; null when nothing changed. */
  diff: (initial: Values, current: Values) => Changes | null;
  /** The call (a mutation's mutateAsync). It rejects with the server's ApiError to refuse. */
  save: (changes: Changes, values: Values) => Promise<Saved<Data>>;
  /** What is being edited, as the leave question names it ("this profile"); absent: not guarded (a dialog). */
  guardLabel?: string;
  /** After a save: where to go (a navigation the guard lets through), or what to close. */
  afterSave?: (saved: Saved<Data>, changes: Changes) => void;
  /** Save with nothing to send: by default an info toast, and the form stays. */
  unchanged?: () => void;
  /** For an editor that stays open after a save: the values it goes on from (what the server stored). */
  savedValues?: (data: Data) => Values;
  /** The toast a save raises, with the server's message: 'success' unless said otherwise. */
  savedToast?: (saved: Saved<Data>, changes: Changes) => ToastKind;
  /** The message for a reply that carries none. */
  savedMessage?: string;
  /** The field that shows the server's error `key` (default: the form's own top-level fields). */
  fieldOf?: (key: string) => FormFieldName | undefined;
  /** The key a 409 that names no field is about (an email, a name another record holds). */
  conflictField?: string;
}

/**
 * The one edit controller behind every form (refine's useForm, react-admin's useEditController):
 * the values to start from, the dirty check, the question before unsaved changes are lost, the save
 * with the server's field errors placed on their fields (the typing is kept), and the toast. The
 * view spreads `formProps` onto antd's Form and calls `leave` for its Cancel and Back.
 */
export function useEditController<Values extends object, Changes, Data>(
  opts: EditControllerOptions<Values, Changes, Data>,
) {
  const [form] = Form.useForm<Values>();
  const toasts = useToasts();
  const [baseline, setBaseline] = useState<Values | undefined>(opts.initial);
  if (baseline === undefined && opts.initial !== undefined) setBaseline(opts.initial);

  const ownFields = useMemo(() => new Set(Object.keys(baseline ?? {})), [baseline]);
  const fieldOf = opts.fieldOf ?? ((key: string) => (ownFields.has(key) ? key : undefined));
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, {
    fieldOf,
    conflictField: opts.conflictField,
  });
  const [saving, setSaving] = useState(false);

  const changesIn = (current: Partial<Values> | undefined) =>
    baseline && current ? opts.diff(baseline, { ...baseline, ...current }) : null;
  const watched = Form.useWatch((values: Values) => values, form) as Partial<Values> | undefined;
  const dirty = changesIn(watched) !== null;
  const guard = useUnsavedChangesGuard(dirty && !!opts.guardLabel, opts.guardLabel ?? '');

  const submit = (values: Values) =>
    saveOnce(async () => {
      if (!baseline) return;
      const changes = changesIn(values);
      if (changes === null) {
        if (opts.unchanged) opts.unchanged();
        else toasts.show('info', NOTHING_CHANGED_MESSAGE);
        return;
      }
      setSaving(true);
      try {
        const saved = await opts.save(changes, values);
        toasts.show(opts.savedToast?.(saved, changes) ?? 'success', saved.message || opts.savedMessage || 'Saved');
        if (opts.savedValues) {
          const next = opts.savedValues(saved.data);
          setBaseline(next);
          // The form holds what the server kept (sanitised, trimmed), so the admin sees it.
          form.setFields(Object.entries(next).map(([name, value]) => ({ name, value, errors: [] })) as never);
        }
        // Saved, so nothing is lost: the navigation passes without a question.
        guard.confirmLeave(() => opts.afterSave?.(saved, changes), false);
      } finally {
        setSaving(false);
      }
    });

  return {
    form,
    /** Where the form started (after a save of an editor that stays open: what the server stored). */
    initialValues: baseline,
    dirty,
    saving,
    submit,
    formError,
    clearFormError,
    /** For antd's Form: `<Form {...c.formProps}>`. */
    formProps: { form, initialValues: baseline, onFinish: submit },
    /**
     * Cancel, Back: asks first when something is unsaved. Asked of the form at the click: the
     * watched values lag a render behind the last keystroke.
     */
    leave: (go: () => void) => guard.confirmLeave(go, changesIn(form.getFieldsValue(true) as Values) !== null),
  };
}
