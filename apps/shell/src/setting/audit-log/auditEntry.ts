import { AUDIT_ACTION_LABELS, AUDIT_RECORD_TYPE_LABELS, linkTo, type AuditEntryRow } from '@backoffice/shared-api';

/** What an action is called on screen; an action this build does not know shows as written. */
export const actionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;

export const recordTypeLabel = (type: string): string =>
  (AUDIT_RECORD_TYPE_LABELS as Record<string, string | undefined>)[type] ?? type;

/**
 * The screen a record opens on, under the base the admin is on (/app or ''), or undefined when it
 * has none: an admin other than oneself has no screen here.
 */
export function recordPath(
  base: '/app' | '',
  type: string | null,
  id: string | null,
  selfId: string | undefined,
): string | undefined {
  if (!type || !id) return undefined;
  switch (type) {
    case 'user':
      return linkTo(base, 'fanDetail', { id });
    case 'influencerRequest':
      return linkTo(base, 'requestView', { id });
    case 'payoutRequest':
      return linkTo(base, 'payoutRequests');
    case 'payout':
      return linkTo(base, 'payoutsHistory');
    case 'emailTemplate':
      return linkTo(base, 'emailTemplateEdit', { id });
    case 'discountCode':
      return linkTo(base, 'discountCodeView', { id });
    case 'paymentMethod':
      return linkTo(base, 'paymentMethods');
    case 'notification':
      return linkTo(base, 'notifications');
    case 'admin':
      return id === selfId ? linkTo(base, 'setting') : undefined;
    default:
      return undefined;
  }
}

const LONGEST = 80;

/** One value, short enough for a table cell: lists joined, long text cut, nothing shown as a dash. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(shownValue).join(', ') : '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/** "field: before → after" for each field the entry names; a record created shows its values alone. */
export function changeLines(entry: Pick<AuditEntryRow, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    if (!entry.before) return `${field}: ${shownValue(after[field])}`;
    if (!entry.after) return `${field}: ${shownValue(before[field])} → removed`;
    return `${field}: ${shownValue(before[field])} → ${shownValue(after[field])}`;
  });
}
