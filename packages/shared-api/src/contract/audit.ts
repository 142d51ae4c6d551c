import { endpoint } from './endpoint';
import { OkList } from './common';
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '../constants/audit';
import { CreatedRange, Id, Limit, Page, Timestamp } from './common';

export * from '../constants/audit';

export const AuditAction = Type.Union(AUDIT_ACTIONS.map((a) => Type.Literal(a)));
export type AuditAction = Static<typeof AuditAction>;
export const AuditRecordType = Type.Union(AUDIT_RECORD_TYPES.map((t) => Type.Literal(t)));
export type AuditRecordType = Static<typeof AuditRecordType>;

/** Fields as they were or became; only those the change touched, never a secret. */
const ChangedFields = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const Text = Type.Union([Type.String(), Type.Null()]);

/** The admin an entry names, while that admin exists. */
export const AuditActor = Type.Object(
  { _id: Id, name: Type.String(), email: Type.String() },
  { additionalProperties: false },
);
export type AuditActor = Static<typeof AuditActor>;

/**
 * One line of the audit log: who (the admin, and the email they acted as, kept when the admin is
 * gone or never existed, as in a failed sign-in), what, which record, when, from which address, and
 * the fields before and after. Action and record type are text: an entry outlives a renamed action.
 */
export const AuditEntryRow = Type.Object(
  {
    _id: Id,
    createdAt: Timestamp,
    actor: Type.Union([AuditActor, Type.Null()]),
    actorEmail: Text,
    action: Type.String(),
    recordType: Text,
    recordId: Text,
    ip: Text,
    before: ChangedFields,
    after: ChangedFields,
  },
  { additionalProperties: false },
);
export type AuditEntryRow = Static<typeof AuditEntryRow>;

/** Newest first, always; each filter, alone or with the dates, is one index walk on the server. */
export const AuditLogQuery = Type.Object(
  {
    page: Type.Optional(Page),
    limit: Type.Optional(Limit),
    /** The admin who acted. */
    actorId: Type.Optional(Id),
    /** The email an admin acted as, whatever its case (a failed sign-in's typed email too). */
    actorEmail: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    action: Type.Optional(AuditAction),
    recordType: Type.Optional(AuditRecordType),
    /** One record's history; needs recordType. */
    recordId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** When the entry was written, both ends included. */
    ...CreatedRange,
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const auditEndpoints = {
  getAuditLog: endpoint({
    method: 'GET',
    path: '/admin/getAuditLog',
    auth: 'admin',
    permission: 'audit.read',
    resource: 'audit',
    summary:
      'The audit log, newest first, paged: every security event and every change an admin made (who, what, which record, when, from where, the fields before and after; never a secret); filters: actorId, actorEmail, action, recordType (+ recordId), from/to',
    querystring: AuditLogQuery,
    reply: OkList(AuditEntryRow),
  }),
};
