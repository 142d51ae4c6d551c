import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CATALOG_LIMITS,
  CATALOG_MESSAGES,
  type CreateDiscountCodeBody,
  type DiscountCodeListQuery,
  type DiscountCodeRow,
  type DiscountCodeSort,
  type DiscountCodeType,
  type UpdateDiscountCodeBody,
  type UserRef,
} from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import {
  containsPattern,
  ilike,
  iso,
  listPage,
  listParamsOf,
  normaliseSearch,
  rowSearchPageIds,
  type ListPage,
} from '../../lib/list';
import { dollarsFromCents, dollarsToCents } from '../../lib/money';
import { recordAudit, recordChanges, type Actor } from '../audit/audit';

/**
 * Each matches an index of migration 0004 (created_at: 0001). Type and status are followed by the
 * date, as their indexes are, so that the codes of one type read newest first and the same index
 * serves the type and status filters.
 */
const SORT_COLUMNS: Record<DiscountCodeSort, readonly string[]> = {
  createdAt: ['dc.created_at'],
  codeName: ['dc.code_name'],
  type: ['dc.type', 'dc.created_at'],
  amount: ['dc.amount_cents'],
  status: ['dc.status', 'dc.created_at'],
  totalRedeem: ['dc.total_redeem'],
  redeemLimit: ['dc.redeem_limit'],
};

const CODE_NAME_INDEX = 'discount_codes_code_name_key';
/** CHECK (total_redeem <= redeem_limit) of migration 0001, unnamed there, so named by PostgreSQL. */
const REDEEM_LIMIT_CHECK = 'discount_codes_check';
const INFLUENCER_FK = 'discount_codes_influencer_id_fkey';
const INFLUENCER_TYPE: DiscountCodeType = 'influencer_discount_code';

/** What the contract leaves to the server: which user a code may belong to. */
export const INFLUENCER_MESSAGES = {
  required: CATALOG_MESSAGES.influencerRequired,
  notFound: CATALOG_MESSAGES.influencerNotFound,
  notAllowed: CATALOG_MESSAGES.influencerNotAllowed,
} as const;

const influencerError = (message: string) => badRequest(message, { influencerId: message });

/** The codes a list query selects, before paging and without the influencer, so that it counts cheaply. */
function filteredCodes(db: Kysely<DB>, q: Pick<DiscountCodeListQuery, 'search' | 'type' | 'status'>) {
  const search = normaliseSearch(q.search);
  const base = unsearchedCodes(db, q);
  return search ? base.where(codeSearch(search)) : base;
}

/** The list's filters other than the search: type and status. */
function unsearchedCodes(db: Kysely<DB>, q: Pick<DiscountCodeListQuery, 'type' | 'status'>) {
  let base = db.selectFrom('discount_codes as dc');
  if (q.type) base = base.where('dc.type', '=', q.type);
  if (q.status) base = base.where('dc.status', '=', q.status);
  return base;
}

/** What a search matches on a code: its name, through discount_codes_code_name_trgm. */
const codeSearch = (search: string) => ilike('dc.code_name', containsPattern(search));

/** The selected codes with their influencer, if any: every column a row shows. */
function codeRows(base: ReturnType<typeof filteredCodes>) {
  return base
    .leftJoin('users as u', 'u.id', 'dc.influencer_id')
    .select([
      'dc.id',
      'dc.code_name',
      'dc.type',
      'dc.amount_cents',
      'dc.status',
      'dc.total_redeem',
      'dc.redeem_limit',
      'dc.created_at',
      'dc.updated_at',
      'u.id as u_id',
      'u.display_name as u_display_name',
      'u.user_name as u_user_name',
      'u.email as u_email',
      'u.main_profile_picture as u_main_profile_picture',
      'u.is_influencer as u_is_influencer',
    ]);
}

type CodeDbRow = Awaited<ReturnType<ReturnType<typeof codeRows>['execute']>>[number];

function toDiscountCodeRow(r: CodeDbRow): DiscountCodeRow {
  const influencer: UserRef | null = r.u_id
    ? {
        _id: r.u_id,
        displayName: r.u_display_name ?? '',
        userName: r.u_user_name ?? '',
        email: r.u_email ?? '',
        mainProfilePicture: r.u_main_profile_picture ?? '',
        isInfluencer: r.u_is_influencer ?? false,
      }
    : null;
  return {
    _id: r.id,
    codeName: r.code_name,
    type: r.type as DiscountCodeType,
    amount: dollarsFromCents(r.amount_cents),
    status: r.status,
    totalRedeem: r.total_redeem,
    redeemLimit: r.redeem_limit,
    influencer,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/**
 * Whole cents within the limits. The contract refuses anything else before it gets here; this is
 * the same rule for any other caller.
 */
function amountCents(amount: number): number {
  const cents = dollarsToCents(amount);
  if (!(cents >= 1 && cents <= CATALOG_LIMITS.amountMax * 100) || Math.abs(amount * 100 - cents) > 1e-6) {
    throw badRequest(CATALOG_MESSAGES.amountInvalid, { amount: CATALOG_MESSAGES.amountInvalid });
  }
  return cents;
}

/**
 * The influencer a code of `type` is to belong to, or null for the other types. `sent` is the body's
 * influencerId (undefined: not sent); `kept` the code's current one on an update. The user is locked
 * until the write commits, so that it cannot stop being an influencer in between.
 */
async function influencerFor(
  trx: Transaction<DB>,
  type: string,
  sent: string | null | undefined,
  kept: string | null,
): Promise<string | null> {
  if (type !== INFLUENCER_TYPE) {
    if (sent) throw influencerError(INFLUENCER_MESSAGES.notAllowed);
    return null;
  }
  const id = sent === undefined ? kept : sent;
  if (!id) throw influencerError(INFLUENCER_MESSAGES.required);
  if (id === kept) return id;
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('is_influencer', '=', true)
    .forShare()
    .executeTakeFirst();
  if (!user) throw influencerError(INFLUENCER_MESSAGES.notFound);
  return id;
}

/**
 * The database is the last word on what races: the citext unique name (two admins adding the same
 * name at once), the CHECK that keeps the limit at or above what was redeemed (a redemption landing
 * while the limit is lowered) and the influencer foreign key. Each becomes the reply a client gets
 * when the same check fails before the write, never a 500.
 */
async function writeFailed(db: Kysely<DB>, err: unknown, id?: string): Promise<never> {
  if (err instanceof HttpError) throw err;
  if (uniqueViolation(err) === CODE_NAME_INDEX) {
    throw conflict(CATALOG_MESSAGES.codeNameTaken, { codeName: CATALOG_MESSAGES.codeNameTaken });
  }
  if (foreignKeyViolation(err) === INFLUENCER_FK) throw influencerError(INFLUENCER_MESSAGES.notFound);
  if (id && checkViolation(err) === REDEEM_LIMIT_CHECK) {
    const used = await db.selectFrom('discount_codes').select('total_redeem').where('id', '=', id).executeTakeFirst();
    const message = CATALOG_MESSAGES.redeemLimitBelowUsed(used?.total_redeem ?? 0);
    throw badRequest(message, { redeemLimit: message });
  }
  throw err;
}

/** The name of the CHECK constraint a write broke, if that is why it failed. */
function checkViolation(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23514' && typeof e.constraint === 'string' ? e.constraint : undefined;
}

export async function listDiscountCodes(db: Kysely<DB>, q: DiscountCodeListQuery): Promise<ListPage<DiscountCodeRow>> {
  const search = normaliseSearch(q.search);
  const sort = [...SORT_COLUMNS[q.sortBy ?? 'createdAt'], 'dc.id'].map((c) => ({ by: sql.ref(c) }));
  const counted = { list: 'discount_codes', status: q.status, kind: q.type } as const;
  return listPage({
    db,
    params: listParamsOf(q),
    filtered: filteredCodes(db, q),
    table: db.selectFrom('discount_codes as dc'),
    id: 'dc.id',
    sort,
    rows: codeRows,
    // Counted by the database per status and type (migration 0012); a name search is counted.
    counted: search ? undefined : counted,
    estimate: !search,
    dayColumn: (q.sortBy ?? 'createdAt') === 'createdAt' ? 'dc.created_at' : undefined,
    // A name search: probed, then sorted when few match or found walking the sort's index when
    // many do, and counted up to the limit, in one statement (see rowSearchPageIds).
    pageIds: search
      ? rowSearchPageIds({
          db,
          rows: () => unsearchedCodes(db, q),
          matches: codeSearch(search),
          sort,
          id: 'dc.id',
          population: counted,
        })
      : undefined,
    pageIdsCount: true,
    toRow: toDiscountCodeRow,
  });
}

async function readCode(db: Kysely<DB>, id: string): Promise<DiscountCodeRow> {
  const r = await codeRows(db.selectFrom('discount_codes as dc').where('dc.id', '=', id)).executeTakeFirst();
  if (!r) throw notFound(CATALOG_MESSAGES.discountCodeNotFound);
  return toDiscountCodeRow(r);
}

export const getDiscountCode = (db: Kysely<DB>, id: string) => readCode(db, id);

/** A code as the audit log shows it: the fields an admin sets, under the contract's names. */
const audited = (c: DiscountCodeRow) => ({
  codeName: c.codeName,
  type: c.type,
  amount: c.amount,
  redeemLimit: c.redeemLimit,
  status: c.status,
  influencerId: c.influencer?._id ?? null,
});

export async function createDiscountCode(
  db: Kysely<DB>,
  actor: Actor,
  body: CreateDiscountCodeBody,
): Promise<DiscountCodeRow> {
  const cents = amountCents(body.amount);
  try {
    return await db.transaction().execute(async (trx) => {
      const influencerId = await influencerFor(trx, body.type, body.influencerId, null);
      const { id } = await trx
        .insertInto('discount_codes')
        .values({
          // The pattern allows no spaces, so the name is stored exactly as typed.
          code_name: body.codeName,
          type: body.type,
          amount_cents: cents,
          redeem_limit: body.redeemLimit,
          status: body.status ?? 'Active',
          influencer_id: influencerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await readCode(trx, id);
      await recordAudit(trx, {
        action: 'discountCode.created',
        actorId: actor.adminId,
        ip: actor.ip,
        recordType: 'discountCode',
        recordId: id,
        after: audited(created),
      });
      return created;
    });
  } catch (err) {
    return writeFailed(db, err);
  }
}

/**
 * Changes only the fields sent. A code that stops being an influencer code loses its influencer.
 * updatedAt moves when a value really changes (a new spelling of the name counts). The code is
 * locked while its type and influencer are checked, so that two admins editing one code at once
 * cannot leave, say, a promo code with an influencer.
 */
export async function updateDiscountCode(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  changes: UpdateDiscountCodeBody,
): Promise<DiscountCodeRow> {
  if (Object.values(changes).every((v) => v === undefined)) {
    throw badRequest(CATALOG_MESSAGES.nothingToChange);
  }
  const cents = changes.amount === undefined ? undefined : amountCents(changes.amount);
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('discount_codes')
        .select(['type', 'influencer_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(CATALOG_MESSAGES.discountCodeNotFound);
      const before = await readCode(trx, id);
      const type = changes.type ?? current.type;
      const influencerId = await influencerFor(trx, type, changes.influencerId, current.influencer_id);

      const set = {
        ...(changes.codeName === undefined ? {} : { code_name: changes.codeName }),
        ...(changes.type === undefined ? {} : { type: changes.type }),
        ...(cents === undefined ? {} : { amount_cents: cents }),
        ...(changes.redeemLimit === undefined ? {} : { redeem_limit: changes.redeemLimit }),
        ...(changes.status === undefined ? {} : { status: changes.status }),
        influencer_id: influencerId,
      };
      // code_name is citext: compared as text, so that a change of case is a change
      const changed = Object.entries(set).map(([column, value]) =>
        column === 'code_name'
          ? sql`code_name::text IS DISTINCT FROM ${value}`
          : sql`${sql.ref(column)} IS DISTINCT FROM ${value}`,
      );
      // The CHECK of the table refuses a limit below total_redeem, counted with each redemption in
      // its transaction: one statement, so that a redemption landing meanwhile cannot slip under it.
      await trx
        .updateTable('discount_codes')
        .set({
          ...set,
          updated_at: sql<Date>`CASE WHEN ${sql.join(changed, sql` OR `)} THEN now() ELSE updated_at END`,
        })
        .where('id', '=', id)
        .execute();
      const after = await readCode(trx, id);
      await recordChanges(
        trx,
        {
          action: 'discountCode.updated',
          actorId: actor.adminId,
          ip: actor.ip,
          recordType: 'discountCode',
          recordId: id,
        },
        audited(before),
        audited(after),
      );
      return after;
    });
  } catch (err) {
    return writeFailed(db, err, id);
  }
}
