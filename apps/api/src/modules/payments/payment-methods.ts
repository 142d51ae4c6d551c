import { sql, type Kysely, type Selectable } from 'kysely';
import {
  PAYMENT_MESSAGES,
  type CreatePaymentMethodBody,
  type PaymentMethod,
  type PaymentMethodListQuery,
  type PaymentMethodSort,
  type UpdatePaymentMethodBody,
} from '@backoffice/shared-api/contract';
import type { DB, PaymentMethodsTable } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { containsPattern, ilike, iso, listPage, listParamsOf, type ListPage } from '../../lib/list';
import { recordAudit, recordChanges, type Actor } from '../audit/audit';

/** Each has an index ending in id (migrations 0001 and 0003), so ties page stably. */
const SORT_COLUMNS: Record<PaymentMethodSort, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  isActive: 'is_active',
};

const NAME_INDEX = 'payment_methods_name_key';

function toPaymentMethod(r: Selectable<PaymentMethodsTable>): PaymentMethod {
  return {
    _id: r.id,
    name: r.name,
    isActive: r.is_active,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/**
 * The name as stored: trimmed. The contract's pattern refuses a blank name before it gets here;
 * this is the same rule for any other caller.
 */
function methodName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) {
    throw badRequest(PAYMENT_MESSAGES.paymentMethodNameInvalid, { name: PAYMENT_MESSAGES.paymentMethodNameInvalid });
  }
  return trimmed;
}

/** The citext unique name is the only guard, so two admins adding the same name at once get a 409 too. */
function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === NAME_INDEX) {
    throw conflict(PAYMENT_MESSAGES.paymentMethodNameTaken, { name: PAYMENT_MESSAGES.paymentMethodNameTaken });
  }
  throw err;
}

export async function listPaymentMethods(db: Kysely<DB>, q: PaymentMethodListQuery): Promise<ListPage<PaymentMethod>> {
  const p = listParamsOf(q);
  let base = db.selectFrom('payment_methods');
  if (p.search) base = base.where(ilike('name', containsPattern(p.search)));
  if (q.isActive !== undefined) base = base.where('is_active', '=', q.isActive);

  return listPage({
    db,
    params: p,
    filtered: base,
    table: db.selectFrom('payment_methods'),
    id: 'payment_methods.id',
    sort: [SORT_COLUMNS[q.sortBy ?? 'createdAt'], 'id'].map((c) => ({ by: sql.ref(c) })),
    rows: (from) => from.selectAll(),
    toRow: toPaymentMethod,
  });
}

export async function getPaymentMethod(db: Kysely<DB>, id: string): Promise<PaymentMethod> {
  const r = await db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(PAYMENT_MESSAGES.paymentMethodNotFound);
  return toPaymentMethod(r);
}

export async function createPaymentMethod(
  db: Kysely<DB>,
  actor: Actor,
  body: CreatePaymentMethodBody,
): Promise<PaymentMethod> {
  const name = methodName(body.name);
  try {
    return await db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('payment_methods')
        .values({ name, is_active: body.isActive ?? true })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'paymentMethod.created',
        actorId: actor.adminId,
        ip: actor.ip,
        recordType: 'paymentMethod',
        recordId: r.id,
        after: { name: r.name, isActive: r.is_active },
      });
      return toPaymentMethod(r);
    });
  } catch (err) {
    return nameTaken(err);
  }
}

/**
 * Changes only the fields sent. updatedAt moves when a value really changes (a new spelling of the
 * name counts), so setting a method to the status it already has leaves its date alone, and
 * records nothing in the audit log. The method is locked from the read of what it was.
 */
export async function updatePaymentMethod(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  body: UpdatePaymentMethodBody,
): Promise<PaymentMethod> {
  if (body.name === undefined && body.isActive === undefined) {
    throw badRequest(PAYMENT_MESSAGES.nothingToChange);
  }
  const name = body.name === undefined ? undefined : methodName(body.name);
  // name is citext: compared as text, so that a change of case is a change
  const changed = [
    ...(name === undefined ? [] : [sql`name::text IS DISTINCT FROM ${name}`]),
    ...(body.isActive === undefined ? [] : [sql`is_active IS DISTINCT FROM ${body.isActive}`]),
  ];
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('payment_methods')
        .select([sql<string>`name::text`.as('name'), 'is_active'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(PAYMENT_MESSAGES.paymentMethodNotFound);
      const r = await trx
        .updateTable('payment_methods')
        .set({
          ...(name === undefined ? {} : { name }),
          ...(body.isActive === undefined ? {} : { is_active: body.isActive }),
          updated_at: sql<Date>`CASE WHEN ${sql.join(changed, sql` OR `)} THEN now() ELSE updated_at END`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordChanges(
        trx,
        {
          action: 'paymentMethod.updated',
          actorId: actor.adminId,
          ip: actor.ip,
          recordType: 'paymentMethod',
          recordId: id,
        },
        { name: before.name, isActive: before.is_active },
        { name: r.name, isActive: r.is_active },
      );
      return toPaymentMethod(r);
    });
  } catch (err) {
    return nameTaken(err);
  }
}
