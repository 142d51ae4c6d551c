import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPES,
  type AuditAction,
  type AuditLogQuery,
  type AuditRecordType,
} from '@backoffice/shared-api';
import { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter, useListController } from '@backoffice/ui-kit';

export const AUDIT_LOG_PAGE_SIZE = 10;

/** The URL parameters of the filters: who (the email acted as), action, record type and id, days. */
export const AUDIT_FILTERS = { who: 'who', action: 'action', recordType: 'recordType', recordId: 'recordId' } as const;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = [...Object.values(AUDIT_FILTERS), ...DATE_RANGE_KEYS] as const;
const NEWEST_FIRST = ['createdAt'] as const;

const isAction = (v: string | undefined): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v ?? '');
const isRecordType = (v: string | undefined): v is AuditRecordType =>
  (AUDIT_RECORD_TYPES as readonly string[]).includes(v ?? '');

/**
 * The audit log's filters from the URL, as the server takes them: always newest first (no sort, no
 * search), an unknown action or record type (a hand-edited URL) is no filter, and a record id only
 * with its type, which is how the server finds one record's history.
 */
export function toAuditLogQuery(
  base: { page: number; limit: number },
  filters: Partial<Record<string, string>>,
): AuditLogQuery {
  const action = filters[AUDIT_FILTERS.action];
  const recordType = filters[AUDIT_FILTERS.recordType];
  const type = isRecordType(recordType) ? recordType : undefined;
  return {
    page: base.page,
    limit: base.limit,
    actorEmail: filters[AUDIT_FILTERS.who]?.trim() || undefined,
    action: isAction(action) ? action : undefined,
    recordType: type,
    recordId: type ? filters[AUDIT_FILTERS.recordId]?.trim() || undefined : undefined,
    ...dateRangeBounds(filters),
  };
}

/** The Audit log screen's logic: the URL's page and filters in, the page of entries out. */
export function useAuditLogController() {
  const list = useListController({
    endpoint: 'getAuditLog',
    sorts: NEWEST_FIRST,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
    pageSize: AUDIT_LOG_PAGE_SIZE,
    toQuery: toAuditLogQuery,
    // Read afresh each time the screen opens: what an admin just did must be there.
    staleTime: 0,
  });
  const range = useDateRangeFilter(list);
  const q = list.query;
  const set = (key: keyof typeof AUDIT_FILTERS) => (value: string | undefined) =>
    list.setFilter(AUDIT_FILTERS[key], value || undefined);
  return {
    ...list,
    range,
    who: q.actorEmail,
    action: q.action,
    recordType: q.recordType,
    recordId: q.recordId,
    setWho: set('who'),
    setAction: set('action'),
    /** Another type of record: the id typed for the last one names nothing of this one. */
    setRecordType: (type: string | undefined) =>
      list.setFilters({ [AUDIT_FILTERS.recordType]: type, [AUDIT_FILTERS.recordId]: undefined }),
    setRecordId: set('recordId'),
    /** One record's whole history, from a row of the log. */
    showRecord: (type: string, id: string) =>
      list.setFilters({ [AUDIT_FILTERS.recordType]: type, [AUDIT_FILTERS.recordId]: id }),
    hasFilters: !!(q.actorEmail || q.action || q.recordType || range.isSet),
    clearFilters: () =>
      list.setFilters({
        [AUDIT_FILTERS.who]: undefined,
        [AUDIT_FILTERS.action]: undefined,
        [AUDIT_FILTERS.recordType]: undefined,
        [AUDIT_FILTERS.recordId]: undefined,
        ...range.cleared,
      }),
  };
}
