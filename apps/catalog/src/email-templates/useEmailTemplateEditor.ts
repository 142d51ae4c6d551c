import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useNavigate, useParams } from '@backoffice/ui-kit/router';
import {
  isUuid,
  useEmailTemplateDetail,
  useUpdateEmailTemplate,
  type EmailTemplate,
  type UpdateEmailTemplateBody,
} from '@backoffice/shared-api';
import {
  detailLoadOf,
  useBackToList,
  useFormServerErrors,
  useToasts,
  useUnsavedChangesGuard,
  type DetailLoad,
} from '@backoffice/ui-kit';
import { Form, type FormRule } from '@backoffice/ui-kit/forms';
import { contentProblem, subjectOf, subjectProblem } from './templateChecks';

export interface TemplateValues {
  subject: string;
  content: string;
}
type Field = keyof TemplateValues;
type Editable = HTMLInputElement | HTMLTextAreaElement;

/** Long enough to skip the keystrokes of a word, short enough to feel live. */
export const PREVIEW_DEBOUNCE_MS = 300;
export const FORM_NAME = 'email-template';
/** The server's own words, for a reply that has none. */
export const SAVED_MESSAGE = 'Template saved';
export const NOTHING_CHANGED_MESSAGE = 'No changes to save';

const FIELDS = new Set<string>(['subject', 'content']);
const fieldOf = (key: string) => (FIELDS.has(key) ? key : undefined);

export type TemplateLoad = DetailLoad<EmailTemplate>;

/** The template named by the route's `:id` (a malformed id is not asked for), and the way back. */
export function useEmailTemplateLoad(): TemplateLoad & { backTo: string } {
  const { id } = useParams();
  const load = detailLoadOf(id, useEmailTemplateDetail(isUuid(id) ? id : undefined));
  return { ...load, backTo: useBackToList() };
}

const valuesOf = (t: EmailTemplate): TemplateValues => ({ subject: t.subject, content: t.content });

/** What a save would send: only the fields that differ from the template as last saved. */
export function changesOf(values: TemplateValues, saved: EmailTemplate): UpdateEmailTemplateBody {
  const changes: UpdateEmailTemplateBody = {};
  // Compared as the server will store it, so spaces around it alone are no change.
  const subject = subjectOf(values.subject);
  if (subject !== saved.subject) changes.subject = subject;
  if (values.content !== saved.content) changes.content = values.content;
  return changes;
}

/**
 * The editor's logic: the form (started once from the template), the browser's checks (the
 * server's rules), the debounced preview, placeholder insertion, the save that sends only what
 * changed and then shows the template as the server stored it (sanitised), and the server's field
 * errors placed on their fields. Mount one per template (a `key`), so another template starts clean.
 */
export function useEmailTemplateEditor(template: EmailTemplate, backTo: string) {
  const [form] = Form.useForm<TemplateValues>();
  const toasts = useToasts();
  const navigate = useNavigate();
  const update = useUpdateEmailTemplate();
  // What the server has: the form starts from it, a save compares with it and replaces it.
  const [saved, setSaved] = useState(template);
  const [initialValues] = useState(() => valuesOf(template));
  const [preview, setPreview] = useState<TemplateValues>(initialValues);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty, 'this template');
  const { formError, clearFormError, saveOnce } = useFormServerErrors(form, { fieldOf });
  const previewTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastFocused = useRef<{ field: Field; el: Editable }>(undefined);
  const placeholders = saved.placeholders;

  useEffect(() => () => clearTimeout(previewTimer.current), []);

  const current = useCallback((): TemplateValues => {
    const v = form.getFieldsValue(['subject', 'content']) as Partial<TemplateValues>;
    return { subject: v.subject ?? '', content: v.content ?? '' };
  }, [form]);

  /** After every edit: the preview follows once typing pauses; Save knows at once. */
  const edited = useCallback(() => {
    setDirty(Object.keys(changesOf(current(), saved)).length > 0);
    clearTimeout(previewTimer.current);
    previewTimer.current = setTimeout(() => setPreview(current()), PREVIEW_DEBOUNCE_MS);
  }, [current, saved]);

  const rules = useMemo(
    () => ({
      subject: [
        {
          validator: async (_: unknown, value: string | undefined) => {
            const problem = subjectProblem(value ?? '', placeholders);
            if (problem) throw new Error(problem);
          },
        },
      ] satisfies FormRule[],
      content: [
        {
          validator: async (_: unknown, value: string | undefined) => {
            const problem = contentProblem(value ?? '', placeholders);
            if (problem) throw new Error(problem);
          },
        },
      ] satisfies FormRule[],
    }),
    [placeholders],
  );

  const save = async (values: TemplateValues) => {
    const changes = changesOf(values, saved);
    if (Object.keys(changes).length === 0) {
      toasts.show('info', NOTHING_CHANGED_MESSAGE);
      return;
    }
    await saveOnce(async () => {
      const { template: stored, message } = await update.mutateAsync({ id: saved._id, changes });
      // The form and the preview now hold what the server kept, so the admin sees what was removed.
      setSaved(stored);
      form.setFields([
        { name: 'subject', value: stored.subject, errors: [] },
        { name: 'content', value: stored.content, errors: [] },
      ]);
      clearTimeout(previewTimer.current);
      setPreview(valuesOf(stored));
      setDirty(false);
      const altered = changes.content !== undefined && stored.content !== changes.content;
      toasts.show(altered ? 'warning' : 'success', message || SAVED_MESSAGE);
    });
  };

  /** Where a placeholder goes: the caret (or selection) of the field used last, else the content's end. */
  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const target = lastFocused.current?.el.isConnected ? lastFocused.current : undefined;
    const field: Field = target?.field ?? 'content';
    const value = current()[field];
    const start = target ? (target.el.selectionStart ?? value.length) : value.length;
    const end = target ? (target.el.selectionEnd ?? start) : start;
    form.setFieldValue(field, value.slice(0, start) + token + value.slice(end));
    // setFieldValue is silent: neither onValuesChange nor the rules hear of it.
    edited();
    form.validateFields([field]).catch(() => undefined);
    const el = target?.el ?? document.getElementById(`${FORM_NAME}_${field}`);
    const caret = start + token.length;
    // After React has written the new value, which moves the caret to the end.
    setTimeout(() => {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
      el.focus();
      el.setSelectionRange(caret, caret);
    }, 0);
  };

  const copy = async (name: string) => {
    const token = `{{${name}}}`;
    try {
      // Absent outside secure contexts (plain http on another host than localhost).
      await navigator.clipboard.writeText(token);
      toasts.show('success', `Copied ${token}`);
    } catch {
      toasts.show('error', `Could not copy ${token}: select it and copy it by hand`);
    }
  };

  const leave = () => guard.confirmLeave(() => navigate(backTo));

  const remember = (field: Field) => (e: FocusEvent<Editable>) => {
    lastFocused.current = { field, el: e.currentTarget };
  };

  return {
    form,
    template: saved,
    placeholders,
    initialValues,
    rules,
    onValuesChange: edited,
    onSubjectFocus: remember('subject'),
    onContentFocus: remember('content'),
    preview,
    dirty,
    save,
    saving: update.isPending,
    formError,
    clearFormError,
    insert,
    copy,
    leave,
  };
}
