import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditEntryRow, AuditLogQuery } from '@backoffice/shared-api/contract';
import type { AuditLogTable, DB } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { iso, listPage, withinRange, type ListPage } from '../../lib/list';

const RECORD_ID_NEEDS_TYPE = 'recordId needs recordType: a record is named by both';

type EntryDbRow = Selectable<AuditLogTable> & {
  a_id: string | null;
  a_first_name: string | null;
  a_last_name: string | null;
  a_email: string | null;
};

function toEntryRow(r: EntryDbRow): AuditEntryRow {
  return {
    _id: r.id,
    createdAt: iso(r.created_at),
    actor: r.a_id
      ? { _id: r.a_id, name: `${r.a_first_name ?? ''} ${r.a_last_name ?? ''}`.trim(), email: r.a_email ?? '' }
      : null,
    actorEmail: r.actor_email,
    action: r.action,
    recordType: r.record_type,
    recordId: r.record_id,
    ip: r.ip,
    before: r.before,
    after: r.after,
  };
}

/**
 * The audit log, newest first. Each filter has its index of migration 0013 that ends in
 * (created_at DESC, id DESC), so the page's ids are a walk of one index whatever the log's size;
 * the total is counted up to EXACT_COUNT_LIMIT and estimated beyond, like every uncounted list.
 */
export async function listAuditLog(db: Kysely<DB>, q: AuditLogQuery): Promise<ListPage<AuditEntryRow>> {
  if (q.recordId !== undefined && q.recordType === undefined) {
    throw badRequest(RECORD_ID_NEEDS_TYPE, { recordId: RECORD_ID_NEEDS_TYPE });
  }
  let filtered = db.selectFrom('audit_log as l');
  if (q.actorId) filtered = filtered.where('l.actor_id', '=', q.actorId);
  const email = q.actorEmail?.trim().toLowerCase();
  if (email) filtered = filtered.where(sql<string>`lower(l.actor_email)`, '=', email);
  if (q.action) filtered = filtered.where('l.action', '=', q.action);
  if (q.recordType) filtered = filtered.where('l.record_type', '=', q.recordType);
  const recordId = q.recordId?.trim();
  if (recordId) filtered = filtered.where('l.record_id', '=', recordId);
  filtered = withinRange(filtered, 'l.created_at', q);

  return listPage({
    db,
    params: { page: q.page ?? 1, limit: q.limit ?? 10, order: 'desc' },
    filtered,
    table: db.selectFrom('audit_log as l'),
    id: 'l.id',
    sort: [{ by: sql.ref('l.created_at') }, { by: sql.ref('l.id') }],
    // The database counts entries per action (migration 0016): the whole log's total and one
    // action's are read, and their deep pages start from their day (from their hour in a day of
    // many entries, migration 0025). Other filters count up to EXACT_COUNT_LIMIT and estimate beyond.
    counted:
      q.actorId || email || q.recordType || recordId || q.from || q.to
        ? undefined
        : { list: 'audit_log', status: q.action },
    dayColumn: 'l.created_at',
    rows: (from) =>
      from
        .leftJoin('admins as a', 'a.id', 'l.actor_id')
        .selectAll('l')
        .select(['a.id as a_id', 'a.first_name as a_first_name', 'a.last_name as a_last_name', 'a.email as a_email']),
    toRow: toEntryRow,
  });
}
