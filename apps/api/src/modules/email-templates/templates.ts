import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  listed,
  missingPlaceholderProblem,
  placeholdersIn,
  secretLinkInSubjectProblem,
  templateSubjectOf,
  unfilledPlaceholderProblem,
  type EmailTemplate,
  type EmailTemplateListQuery,
  type EmailTemplateRow,
  type EmailTemplateSort,
  type UpdateEmailTemplateBody,
} from '@backoffice/shared-api/contract';
import type { DB, EmailTemplatesTable } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { containsPattern, ilike, iso, listPage, listParamsOf, type ListPage } from '../../lib/list';
import { changes as changedFields, recordAudit, type Actor } from '../audit/audit';
import { hasHtml, plainText, previewOf, sanitizeEmailHtml, wellFormednessError } from './html';
import { linkHostProblem, secretLinkProblem } from './link-safety';

const M = CATALOG_MESSAGES;

/** The table holds one row per email the API sends: a handful, so no index is needed to sort it. */
const SORT_COLUMNS: Record<EmailTemplateSort, string> = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  name: 'name',
  key: 'key',
};

type Placeholder = EmailTemplate['placeholders'][number];

/**
 * What the email sent with this template fills in. A key the API does not send by has only what
 * its template already uses, since nothing else is known to fill it.
 */
function placeholdersFor(key: string, stored: readonly string[]): Placeholder[] {
  const known = EMAIL_TEMPLATE_PLACEHOLDERS[key];
  if (known) {
    return known.map((p) => ({
      name: p.name,
      description: p.description,
      required: p.required ?? false,
      sample: p.sample,
    }));
  }
  return stored.map((name) => ({ name, description: '', required: false, sample: name }));
}

function toTemplate(r: Selectable<EmailTemplatesTable>): EmailTemplate {
  return {
    _id: r.id,
    key: r.key,
    name: r.name,
    subject: r.subject,
    content: r.content,
    placeholders: placeholdersFor(r.key, r.placeholders),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function listEmailTemplates(
  db: Kysely<DB>,
  q: EmailTemplateListQuery,
): Promise<ListPage<EmailTemplateRow>> {
  const p = listParamsOf(q);
  let base = db.selectFrom('email_templates');
  const { search } = p;
  if (search) {
    const pattern = containsPattern(search);
    base = base.where((eb) => eb.or([ilike('name', pattern), ilike('key', pattern)]));
  }
  return listPage({
    db,
    params: p,
    filtered: base,
    table: db.selectFrom('email_templates'),
    id: 'email_templates.id',
    sort: [SORT_COLUMNS[q.sortBy ?? 'updatedAt'], 'id'].map((c) => ({ by: sql.ref(c) })),
    rows: (from) => from.select(['id', 'key', 'name', 'subject', 'content', 'updated_at']),
    toRow: (r: { id: string; key: string; name: string; subject: string; content: string; updated_at: Date }) => ({
      _id: r.id,
      key: r.key,
      name: r.name,
      subject: r.subject,
      preview: previewOf(r.content, CATALOG_LIMITS.templatePreviewLength),
      updatedAt: iso(r.updated_at),
    }),
  });
}

export async function getEmailTemplate(db: Kysely<DB>, id: string): Promise<EmailTemplate> {
  const r = await db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(M.emailTemplateNotFound);
  return toTemplate(r);
}

// ---------------------------------------------------------------------------------------------
// Saving

/** A subject is one line of plain text: line breaks pasted into it become spaces. */
const subjectOf = templateSubjectOf;

/** Nothing to read and no image: what is left once a content made only of unsafe parts is cleaned. */
const isBlank = (html: string) => !plainText(html) && !/<img\b/i.test(html);

export interface SavedTemplate {
  template: EmailTemplate;
  /** What the sanitiser took out of the content, worded for the admin. */
  removed: string[];
  /** Whether the stored subject or content changed (a save of the same text changes nothing). */
  changed: boolean;
  /** The fields whose stored text changed. */
  changedFields: Array<'subject' | 'content'>;
}

/** Where the links and images of a template may point (link-safety.ts, allowedLinkHosts). */
export interface LinkRules {
  allowedHosts: readonly string[];
}

/**
 * Changes the subject or the content (only the fields sent). Everything is checked before anything
 * is written, so a refused save changes nothing: the subject is one line of plain text, the content
 * well-formed HTML that is stored sanitised, and both use only the placeholders the email fills,
 * the content every required one. A secret link (reset, invite) stands only as the whole address of
 * a link, and links and images point only to the allowed hosts (link-safety.ts). updatedAt moves
 * when the stored text really changes.
 */
export async function updateEmailTemplate(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  changes: UpdateEmailTemplateBody,
  links: LinkRules,
  /** Runs in the save's transaction when the stored text changed (the Owners' notice). */
  onChange?: (
    trx: Transaction<DB>,
    template: EmailTemplate,
    fields: SavedTemplate['changedFields'],
  ) => Promise<unknown>,
): Promise<SavedTemplate> {
  if (changes.subject === undefined && changes.content === undefined) throw badRequest(M.nothingToChange);
  const current = await db
    .selectFrom('email_templates')
    .select(['key', 'placeholders'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw notFound(M.emailTemplateNotFound);
  const fills = placeholdersFor(current.key, current.placeholders);

  const errors: Record<string, string> = {};
  let subject: string | undefined;
  if (changes.subject !== undefined) {
    subject = subjectOf(changes.subject);
    const problem = !subject
      ? M.subjectRequired
      : hasHtml(subject)
        ? M.subjectHasHtml
        : (unfilledPlaceholderProblem(subject, fills) ?? secretLinkInSubjectProblem(subject));
    if (problem) errors.subject = problem;
  }
  let content: string | undefined;
  let removed: string[] = [];
  if (changes.content !== undefined) {
    const problem = !changes.content.trim() ? M.contentRequired : wellFormednessError(changes.content);
    if (problem) {
      errors.content = problem;
    } else {
      const clean = sanitizeEmailHtml(changes.content);
      ({ html: content, removed } = clean);
      const cleanProblem = isBlank(content)
        ? removed.length
          ? `Nothing would be left of the content once ${listed(removed)} are removed`
          : M.contentRequired
        : (unfilledPlaceholderProblem(content, fills) ??
          // read from what would be stored and sent: entities the sanitiser decoded included
          secretLinkProblem(content) ??
          missingPlaceholderProblem(content, fills) ??
          linkHostProblem(content, links.allowedHosts));
      if (cleanProblem) errors.content = cleanProblem;
    }
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors).join('; '), errors);

  // The placeholders column follows the text it describes, whichever admin saved which field last.
  const saved = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_templates')
      .select(['subject', 'content'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const nextSubject = subject ?? row.subject;
    const nextContent = content ?? row.content;
    const fields = [
      ...(nextSubject !== row.subject ? (['subject'] as const) : []),
      ...(nextContent !== row.content ? (['content'] as const) : []),
    ];
    const changed = fields.length > 0;
    const written = await trx
      .updateTable('email_templates')
      .set({
        subject: nextSubject,
        content: nextContent,
        placeholders: placeholdersIn(`${nextSubject}\n${nextContent}`),
        ...(changed ? { updated_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (changed) {
      await recordAudit(trx, {
        action: 'emailTemplate.updated',
        actorId: actor.adminId,
        ip: actor.ip,
        recordType: 'emailTemplate',
        recordId: id,
        ...changedFields(row, { subject: nextSubject, content: nextContent }),
      });
      await onChange?.(trx, toTemplate(written), fields);
    }
    return { written, fields };
  });
  if (!saved) throw notFound(M.emailTemplateNotFound);
  return {
    template: toTemplate(saved.written),
    removed,
    changed: saved.fields.length > 0,
    changedFields: saved.fields,
  };
}
