import { useMemo, useRef, useState, type FocusEvent } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import { useEndpointMutation, type EmailTemplate, type UpdateEmailTemplateBody } from '@backoffice/shared-api';
import {
  useBackToList,
  useDebouncedCallback,
  useRecordController,
  useToasts,
  type DetailLoad,
} from '@backoffice/ui-kit';
import { useEditController, type FormRule } from '@backoffice/ui-kit/forms';
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

export type TemplateLoad = DetailLoad<EmailTemplate>;

/** The template named by the route's `:id` (a malformed id is not asked for), and the way back. */
export function useEmailTemplateLoad(): TemplateLoad & { backTo: string } {
  const load = useRecordController('getEmailTemplateDetail');
  return { ...load, backTo: useBackToList('emailTemplates') };
}

const valuesOf = (t: Pick<EmailTemplate, 'subject' | 'content'>): TemplateValues => ({
  subject: t.subject,
  content: t.content,
});

/** What a save would send: only the fields that differ from the template as last saved; null for none. */
export function changesOf(saved: TemplateValues, values: TemplateValues): UpdateEmailTemplateBody | null {
  const changes: UpdateEmailTemplateBody = {};
  // Compared as the server will store it, so spaces around it alone are no change.
  const subject = subjectOf(values.subject);
  if (subject !== saved.subject) changes.subject = subject;
  if (values.content !== saved.content) changes.content = values.content;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The editor's logic, on ui-kit's edit controller: the form (started once from the template, so a
 * refetch never replaces the typing), the browser's checks (the server's rules), the debounced
 * preview, placeholder insertion, the save that sends only what changed and then goes on from the
 * template as the server stored it (sanitised), and the server's field errors on their fields.
 * Mount one per template (a `key`), so another template starts clean.
 */
export function useEmailTemplateEditor(template: EmailTemplate, backTo: string) {
  const toasts = useToasts();
  const navigate = useNavigate();
  const update = useEndpointMutation('updateEmailTemplate');
  const [preview, setPreview] = useState<TemplateValues>(() => valuesOf(template));
  const previewLater = useDebouncedCallback(setPreview, PREVIEW_DEBOUNCE_MS);
  const edit = useEditController<TemplateValues, UpdateEmailTemplateBody, EmailTemplate>({
    initial: valuesOf(template),
    diff: changesOf,
    save: (changes) => update.mutateAsync({ query: { id: template._id }, body: changes }),
    guardLabel: 'this template',
    // The form goes on from what the server kept, so the admin sees what its sanitiser removed.
    savedValues: valuesOf,
    // The HTML stored is not the HTML sent: the server took something out, and its message says what.
    savedToast: (saved, changes) =>
      changes.content !== undefined && saved.data.content !== changes.content ? 'warning' : 'success',
    savedMessage: SAVED_MESSAGE,
    afterSave: (saved) => {
      previewLater.cancel();
      setPreview(valuesOf(saved.data));
    },
  });
  const { form } = edit;
  const lastFocused = useRef<{ field: Field; el: Editable }>(undefined);
  const placeholders = template.placeholders;

  const current = (): TemplateValues => {
    const v = form.getFieldsValue(['subject', 'content']) as Partial<TemplateValues>;
    return { subject: v.subject ?? '', content: v.content ?? '' };
  };

  /** After every edit: the preview follows once typing pauses. */
  const edited = () => previewLater.schedule(current());

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

  const remember = (field: Field) => (e: FocusEvent<Editable>) => {
    lastFocused.current = { field, el: e.currentTarget };
  };

  return {
    ...edit,
    template,
    placeholders,
    rules,
    onValuesChange: edited,
    onSubjectFocus: remember('subject'),
    onContentFocus: remember('content'),
    preview,
    insert,
    copy,
    leave: () => edit.leave(() => navigate(backTo)),
  };
}
