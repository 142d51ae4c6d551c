import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  PAYMENT_MESSAGES,
  PAYOUT_APPROVER_COOLING_OFF_HOURS,
  emit,
  type EventMessage,
  type CreatePayoutRequestBody,
  type DecidePayoutRequestBody,
  type PayoutApproval,
  type PayoutListQuery,
  type PayoutRequestListQuery,
  type PayoutRequestRow,
  type PayoutRequestSort,
  type PayoutRow,
  type PayoutSort,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-errors';
import { alreadyDecided, utcMinute } from '../../lib/decisions';
import {
  containsPattern,
  ilike,
  iso,
  isoOrNull,
  listPage,
  listParamsOf,
  listPopulation,
  normaliseSearch,
  peopleSearchPageIds,
  pageOf,
  type ListPage,
} from '../../lib/list';
import { dollarsFromCents, dollarsToCents } from '../../lib/money';
import { recordAudit, type Actor, type MarketplaceActor } from '../audit/audit';
import { renderTemplate } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';
import { peopleMatching, personSearch } from '../people/user-list';

/** The constraints whose violation means another decision of the same request got there first. */
const DECISION_KEY_INDEX = 'payout_requests_decision_key';
const FIRST_APPROVAL_KEY_INDEX = 'payout_requests_first_approval_key';
const ONE_PAYOUT_PER_REQUEST = 'payouts_payout_request_id_key';
/** At most one pending or approved request per earning (migration 0014). */
const ONE_REQUEST_PER_EARNING = 'payout_requests_one_per_earning';

const LOCAL_MESSAGES = {
  keyReused: 'This idempotencyKey was already used for another decision; send a new key for each decision',
  notAnEarningOf: 'This transaction is not an earning of this influencer',
  alreadyPaid: 'A payout was already made for this request',
  notDecided: 'This payout request could not be decided; reload it and try again',
} as const;

const overEarning = (earned: number) =>
  `The payout amount cannot be more than this earning: ${usd(earned)} of it can be paid out`;
const overUnpaid = (unpaid: number) =>
  `The payout amount is more than this influencer has earned and not yet been paid: ${usd(unpaid)} can be paid out`;
const earningClaimed = (transactionId: string, status: string) =>
  `Earning ${transactionId} already has a payout request (${status}); an earning is paid out once`;

/** The template each decision emails the influencer with (seeded; see seed/email-templates.ts). */
const DECISION_TEMPLATES = { approved: 'payout-approved', rejected: 'payout-rejected' } as const;

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Spec section 9: US dollars with 2 decimals, e.g. $1,234.50. */
const usd = (cents: number) => USD.format(dollarsFromCents(cents));

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

// ---------------------------------------------------------------------------------------------
// Payout requests

/**
 * Shown columns a request is sorted by. The linked earning's preference and query are '' when
 * there is none (as the row shows them), so they sort with the empty values instead of after all.
 * Fee is computed, as the expression index of migration 0003 is.
 */
const REQUEST_SORTS: Record<PayoutRequestSort, RawBuilder<unknown>> = {
  createdAt: sql`pr.created_at`,
  displayName: sql`u.display_name`,
  // copies of the earning's, kept by the database (migration 0008), so that each sort has its index
  preference: sql`pr.sort_preference`,
  query: sql`pr.sort_query`,
  amount: sql`pr.amount_cents`,
  payableAmount: sql`pr.payable_amount_cents`,
  platformFee: sql`(pr.amount_cents - pr.payable_amount_cents)`,
  email: sql`u.email`,
  status: sql`pr.status`,
};

/** An admin as a row names them (AdminRef); an incomplete profile has empty names. */
const adminRef = (id: string, first: string | null, last: string | null) => ({
  _id: id,
  firstName: first ?? '',
  lastName: last ?? '',
});

const withInfluencer = (db: Kysely<DB>) =>
  db.selectFrom('payout_requests as pr').innerJoin('users as u', 'u.id', 'pr.influencer_id');

/** Everything a row shows: the influencer, the earning it pays out, who decided and the payout made. */
const requestRows = (base: ReturnType<typeof withInfluencer>) =>
  base
    .leftJoin('transactions as t', 't.id', 'pr.transaction_id')
    .leftJoin('admins as a', 'a.id', 'pr.decided_by')
    .leftJoin('admins as fa', 'fa.id', 'pr.first_approved_by')
    .leftJoin('payouts as po', 'po.payout_request_id', 'pr.id')
    .select([
      'pr.id',
      'pr.influencer_id',
      'pr.amount_cents',
      'pr.payable_amount_cents',
      'pr.status',
      'pr.reason',
      'pr.created_at',
      'pr.decided_at',
      'pr.decided_by',
      'u.first_name',
      'u.last_name',
      'u.display_name',
      'u.email',
      't.preference',
      't.query',
      'a.first_name as admin_first_name',
      'a.last_name as admin_last_name',
      'pr.approvals_needed',
      'pr.first_approved_by',
      'pr.first_approved_at',
      'fa.first_name as first_approver_first_name',
      'fa.last_name as first_approver_last_name',
      'po.id as payout_id',
      'po.reference as payout_reference',
      'po.amount_cents as payout_amount_cents',
      'po.paid_at as payout_paid_at',
    ]);

type RequestRecord = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number];

function toPayoutRequestRow(r: RequestRecord): PayoutRequestRow {
  const decidedBy = r.decided_by ? adminRef(r.decided_by, r.admin_first_name, r.admin_last_name) : null;
  const approvals: PayoutApproval[] = [];
  if (r.first_approved_by && r.first_approved_at) {
    approvals.push({
      by: adminRef(r.first_approved_by, r.first_approver_first_name, r.first_approver_last_name),
      at: iso(r.first_approved_at),
    });
  }
  if (r.status === 'approved' && decidedBy && r.decided_at) approvals.push({ by: decidedBy, at: iso(r.decided_at) });
  return {
    _id: r.id,
    influencerId: r.influencer_id,
    name: fullName(r.first_name, r.last_name),
    displayName: r.display_name,
    email: r.email,
    preference: r.preference ?? '',
    query: r.query ?? '',
    amount: dollarsFromCents(r.amount_cents),
    payable_amount: dollarsFromCents(r.payable_amount_cents),
    platformFee: dollarsFromCents(r.amount_cents - r.payable_amount_cents),
    status: r.status,
    reason: r.reason,
    createdAt: iso(r.created_at),
    decidedAt: isoOrNull(r.decided_at),
    decidedBy,
    approvalsNeeded: r.approvals_needed,
    approvals,
    payout:
      r.payout_id && r.payout_paid_at
        ? {
            _id: r.payout_id,
            reference: r.payout_reference ?? '',
            amount: dollarsFromCents(r.payout_amount_cents),
            paidAt: iso(r.payout_paid_at),
          }
        : null,
  };
}

/** How many influencers there are, as the database counts them (list_totals): whom payouts name. */
const INFLUENCER_POPULATION = listPopulation({ list: 'users', kind: 'true' });

/** The payout requests a list query selects, with their influencer, before paging. */
function filteredPayoutRequests(db: Kysely<DB>, q: Pick<PayoutRequestListQuery, 'search' | 'status'>) {
  let base = withInfluencer(db);
  const search = normaliseSearch(q.search);
  if (search) base = base.where((eb) => eb.or(personSearch(search, { alias: 'u', fullName: true })));
  if (q.status) base = base.where('pr.status', '=', q.status);
  return base;
}

/**
 * The same selection, as the list's total counts it. Every request has its influencer (NOT NULL
 * foreign key): without a search the count needs no join.
 */
export function countedPayoutRequests(db: Kysely<DB>, q: Pick<PayoutRequestListQuery, 'search' | 'status'>) {
  if (normaliseSearch(q.search)) return filteredPayoutRequests(db, q);
  const all = db.selectFrom('payout_requests as pr');
  return q.status ? all.where('pr.status', '=', q.status) : all;
}

/** One page of payout requests in the query's order, without counting them all. */
export async function payoutRequestsPage(db: Kysely<DB>, q: PayoutRequestListQuery): Promise<PayoutRequestRow[]> {
  // pageOf orders by plain references; the computed sorts are selected under this name.
  const rows = requestRows(filteredPayoutRequests(db, q)).select(REQUEST_SORTS[q.sortBy ?? 'createdAt'].as('sort_key'));
  return (await pageOf(rows, ['sort_key', 'pr.id'], listParamsOf(q))).map(toPayoutRequestRow);
}

/** The sorts that read the influencer, not the request alone. */
const JOINED_REQUEST_SORTS: ReadonlySet<PayoutRequestSort> = new Set(['displayName', 'email']);

export async function listPayoutRequests(
  db: Kysely<DB>,
  q: PayoutRequestListQuery,
): Promise<ListPage<PayoutRequestRow>> {
  const sortBy = q.sortBy ?? 'createdAt';
  const search = normaliseSearch(q.search);
  return listPage({
    db,
    params: listParamsOf(q),
    filtered: countedPayoutRequests(db, q),
    table: withInfluencer(db),
    id: 'pr.id',
    // Within a status, by date, as payout_requests_status_created is (and as the transactions are).
    sort: [
      { by: REQUEST_SORTS[sortBy] },
      ...(sortBy === 'status' ? [{ by: sql`pr.created_at` }] : []),
      { by: sql`pr.id` },
    ],
    rows: requestRows,
    sortFrom: JOINED_REQUEST_SORTS.has(sortBy) ? filteredPayoutRequests(db, q) : undefined,
    counted: search ? undefined : { list: 'payout_requests', status: q.status },
    estimate: !search,
    dayColumn: sortBy === 'createdAt' ? 'pr.created_at' : undefined,
    // A name search in date order: through the influencers found first (see peopleSearchPageIds).
    pageIds:
      search && sortBy === 'createdAt'
        ? peopleSearchPageIds({
            people: peopleMatching(db, search, { by: 'person', among: 'influencers' }),
            rows: () => {
              const all = db.selectFrom('payout_requests as pr');
              return q.status ? all.where('pr.status', '=', q.status) : all;
            },
            personColumns: ['pr.influencer_id'],
            sortColumn: 'pr.created_at',
            id: 'pr.id',
            population: INFLUENCER_POPULATION,
          })
        : undefined,
    pageIdsCount: true,
    toRow: toPayoutRequestRow,
  });
}

async function findPayoutRequest(db: Kysely<DB>, id: string): Promise<PayoutRequestRow | undefined> {
  const r = await requestRows(withInfluencer(db)).where('pr.id', '=', id).executeTakeFirst();
  return r && toPayoutRequestRow(r);
}

export async function getPayoutRequest(db: Kysely<DB>, id: string): Promise<PayoutRequestRow> {
  const row = await findPayoutRequest(db, id);
  if (!row) throw notFound(PAYMENT_MESSAGES.payoutRequestNotFound);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Two approvals, two people

/**
 * Why an approval of a payout that needs two was refused: the same admin twice, two admins one of
 * whom invited the other, or an account created or reset within the cooling-off period.
 */
type ApprovalRefusalReason =
  'sameAdmin' | 'invitedByFirstApprover' | 'invitedFirstApprover' | 'createdRecently' | 'resetRecently';

/** A refused approval: 409 with the reason in the admin's words, and recorded in the audit log. */
class ApprovalRefused extends HttpError {
  constructor(
    readonly reason: ApprovalRefusalReason,
    message: string,
    readonly firstApprovedBy: string | null,
  ) {
    super(409, message);
  }
}

const COOLING_OFF = sql.raw(`interval '${PAYOUT_APPROVER_COOLING_OFF_HOURS} hours'`);

/** Since when the account is the one approving now: its creation, or the last reset of its credentials. */
const heldSince = (alias: string) =>
  sql.raw(`greatest(${alias}.created_at, coalesce(${alias}.credentials_reset_at, ${alias}.created_at))`);

/** The approver's account was created, or its password or second factor reset, within the period. */
const approverCoolingOff = (adminId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM admins c WHERE c.id = ${adminId} AND ${heldSince('c')} > now() - ${COOLING_OFF})`;

/** The approver invited the first approver, or was invited by them. */
const invitedEitherWay = (adminId: string) => sql<boolean>`EXISTS (
  SELECT 1 FROM admins i
  WHERE (i.id = ${adminId} AND i.invited_by = payout_requests.first_approved_by)
     OR (i.id = payout_requests.first_approved_by AND i.invited_by = ${adminId}))`;

/**
 * Why `adminId` may not give this approval of a payout that needs two, read from the database as it
 * is now; undefined when nothing stands in the way (the refusal came from something else). With no
 * first approval yet, only the approver's own account is in question.
 */
async function approvalRefusal(
  db: Kysely<DB> | Transaction<DB>,
  adminId: string,
  firstApprovedBy: string | null,
): Promise<ApprovalRefused | undefined> {
  if (firstApprovedBy === adminId) {
    return new ApprovalRefused('sameAdmin', PAYMENT_MESSAGES.secondApprovalBySameAdmin, firstApprovedBy);
  }
  const { rows } = await sql<{
    invited_by: string | null;
    cooling_off: boolean;
    was_reset: boolean;
    until: Date;
    first_invited_by: string | null;
    first_first_name: string | null;
    first_last_name: string | null;
  }>`
    SELECT a.invited_by,
      ${heldSince('a')} > now() - ${COOLING_OFF} AS cooling_off,
      coalesce(a.credentials_reset_at > a.created_at, false) AS was_reset,
      ${heldSince('a')} + ${COOLING_OFF} AS until,
      f.invited_by AS first_invited_by, f.first_name AS first_first_name, f.last_name AS first_last_name
    FROM admins a LEFT JOIN admins f ON f.id = ${firstApprovedBy}
    WHERE a.id = ${adminId}`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  if (firstApprovedBy) {
    const first = fullName(r.first_first_name, r.first_last_name) || 'the first approver';
    if (r.invited_by === firstApprovedBy) {
      return new ApprovalRefused(
        'invitedByFirstApprover',
        PAYMENT_MESSAGES.secondApprovalByInvitee(first),
        firstApprovedBy,
      );
    }
    if (r.first_invited_by === adminId) {
      return new ApprovalRefused(
        'invitedFirstApprover',
        PAYMENT_MESSAGES.secondApprovalByInviter(first),
        firstApprovedBy,
      );
    }
  }
  if (r.cooling_off) {
    // to the next whole minute, so that the time said is never a minute early
    const from = utcMinute(new Date(Math.ceil(new Date(r.until).getTime() / 60_000) * 60_000));
    return r.was_reset
      ? new ApprovalRefused('resetRecently', PAYMENT_MESSAGES.approverResetRecently(from), firstApprovedBy)
      : new ApprovalRefused('createdRecently', PAYMENT_MESSAGES.approverCreatedRecently(from), firstApprovedBy);
  }
  return undefined;
}

/** A decision that was applied before, by the same key: answered again, with nothing done twice. */
class AlreadyDecided {
  constructor(readonly status: 'approved' | 'rejected' | 'firstApproval') {}
}

/**
 * Why a request could not be decided: 404 if it does not exist; the earlier decision again if it
 * was made with this very key (a retry); 409 for an admin approving a second time what they gave the
 * first of two approvals; else a 409 naming who decided and when.
 */
async function notPending(
  db: Kysely<DB>,
  adminId: string,
  body: DecidePayoutRequestBody,
  violated?: string,
): Promise<HttpError | AlreadyDecided> {
  const r = await db
    .selectFrom('payout_requests as pr')
    .leftJoin('admins as a', 'a.id', 'pr.decided_by')
    .select([
      'pr.status',
      'pr.decision_key',
      'pr.first_approved_by',
      'pr.first_approval_key',
      'pr.decided_at',
      'pr.updated_at',
      'a.first_name',
      'a.last_name',
    ])
    .where('pr.id', '=', body.id)
    .executeTakeFirst();
  if (!r) return notFound(PAYMENT_MESSAGES.payoutRequestNotFound);
  const approving = body.decision === 'approved';
  if (r.status === 'pending') {
    // Still pending after a unique violation: the key is another request's decision, or a payout
    // was recorded for this request without its approval (data written outside the API).
    if (violated === DECISION_KEY_INDEX || violated === FIRST_APPROVAL_KEY_INDEX) {
      return conflict(LOCAL_MESSAGES.keyReused, { idempotencyKey: LOCAL_MESSAGES.keyReused });
    }
    if (violated === ONE_PAYOUT_PER_REQUEST) return conflict(LOCAL_MESSAGES.alreadyPaid);
    if (approving && r.first_approved_by === adminId && r.first_approval_key === body.idempotencyKey) {
      return new AlreadyDecided('firstApproval');
    }
    // Still pending and not decided: an approval this admin may not give (see decidePayoutRequest).
    if (approving)
      return (await approvalRefusal(db, adminId, r.first_approved_by)) ?? conflict(LOCAL_MESSAGES.notDecided);
    return conflict(LOCAL_MESSAGES.notDecided);
  }
  // The same key asking for the other decision is not a retry but a second decision. A first
  // approval retried after the second one paid is answered as the approval it became part of.
  const sameKey =
    r.decision_key === body.idempotencyKey || (r.status === 'approved' && r.first_approval_key === body.idempotencyKey);
  if (sameKey && r.status === body.decision) return new AlreadyDecided(r.status);
  return alreadyDecided('This payout request', r);
}

const adminName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim() || 'an admin';

const decidedMessage = (row: PayoutRequestRow) => {
  const who = row.name || row.displayName;
  const amount = usd(dollarsToCents(row.payable_amount));
  if (row.status === 'pending') {
    const first = row.approvals[0]?.by;
    return `Payout of ${amount} to ${who} approved by ${first ? adminName(first) : 'you'}; it needs the approval of another admin before it is paid.`;
  }
  if (row.status === 'rejected') return `Payout request of ${amount} from ${who} rejected.`;
  return row.approvals.length > 1
    ? `Payout of ${amount} to ${who} approved by ${row.approvals.map((a) => adminName(a.by)).join(' and ')}.`
    : `Payout of ${amount} to ${who} approved.`;
};

/**
 * Decides a pending request, once. The conditional UPDATE is the lock: of two admins deciding at
 * the same moment, exactly one changes the row and the other finds it no longer pending. The
 * payout is written in the same transaction, so an approval never stands without its payment nor
 * a payment without its approval; the unique payout per request is the database's own guard. The
 * influencer's email is queued in that transaction and the socket event follows the commit, so
 * neither announces a decision that was rolled back, and a mail server that is down cannot undo
 * one nor hold the reply (the outbox's worker sends it).
 *
 * A request that needs two approvals (filed above the configured amount, or above it now) is first
 * approved without being paid: a conditional UPDATE records that admin, and only an approval by
 * another admin completes it. Of two admins approving at once, one records the first approval and
 * the other, finding it recorded by someone else, gives the second; the same admin twice is refused.
 *
 * The two approvals come from two people (issue 28): besides being two admins, neither invited the
 * other, and neither account was created or had its password or second factor reset within the
 * cooling-off period (PAYOUT_APPROVER_COOLING_OFF_HOURS), when it gives its approval. The conditions
 * are part of the conditional UPDATEs, so they hold at the moment of the decision whatever runs
 * beside it; a refusal is a 409 saying why, and is recorded.
 */
export async function decidePayoutRequest(
  ctx: AppContext,
  actor: Actor,
  body: DecidePayoutRequestBody,
): Promise<{ message: string; row: PayoutRequestRow; events: EventMessage<'payoutRequestDecided'>[] }> {
  const adminId = actor.adminId;
  const reason = body.decision === 'rejected' ? (body.reason?.trim() ?? '') : '';
  if (body.decision === 'rejected' && !reason) {
    throw badRequest(PAYMENT_MESSAGES.reasonRequired, { reason: PAYMENT_MESSAGES.reasonRequired });
  }
  const threshold = ctx.config.payoutSecondApprovalAboveCents;
  // Once a first approval is recorded the request needs two (approvals_needed = 2), whatever the
  // configuration says later.
  const needsTwo =
    threshold === null
      ? sql<boolean>`approvals_needed = 2`
      : sql<boolean>`(approvals_needed = 2 OR payable_amount_cents > ${threshold})`;
  const audit = (action: string, after: Record<string, unknown>) => (trx: Transaction<DB>) =>
    recordAudit(trx, {
      action,
      actorId: adminId,
      ip: actor.ip,
      recordType: 'payoutRequest',
      recordId: body.id,
      before: { status: 'pending' },
      after,
    });

  /**
   * An approval refused for who gives it is written to the log on its own, after the decision's
   * transaction rolled back: one admin trying to approve twice is what an auditor looks for.
   */
  const recorded = async (refusal: ApprovalRefused) => {
    await recordAudit(ctx.db, {
      action: 'payoutRequest.approvalRefused',
      actorId: adminId,
      ip: actor.ip,
      recordType: 'payoutRequest',
      recordId: body.id,
      after: { reason: refusal.reason, firstApprovedBy: refusal.firstApprovedBy },
    });
    return refusal;
  };

  let outcome: 'decided' | 'firstApproval' | AlreadyDecided;
  try {
    outcome = await ctx.db.transaction().execute(async (trx) => {
      if (body.decision === 'approved') {
        const first = await trx
          .updateTable('payout_requests')
          .set({
            approvals_needed: 2,
            first_approved_by: adminId,
            first_approved_at: sql<Date>`now()`,
            first_approval_key: body.idempotencyKey,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', body.id)
          .where('status', '=', 'pending')
          .where('first_approved_by', 'is', null)
          .where(needsTwo)
          .where(sql<boolean>`NOT ${approverCoolingOff(adminId)}`)
          .returning('payable_amount_cents')
          .executeTakeFirst();
        if (first) {
          await audit('payoutRequest.firstApproval', {
            approvals: 1,
            approvalsNeeded: 2,
            payable_amount: dollarsFromCents(first.payable_amount_cents),
          })(trx);
          return 'firstApproval' as const;
        }
      }
      const decided = await trx
        .updateTable('payout_requests')
        .set({
          status: body.decision,
          reason,
          decided_by: adminId,
          decided_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
          decision_key: body.idempotencyKey,
        })
        .where('id', '=', body.id)
        .where('status', '=', 'pending')
        .$if(body.decision === 'approved', (q) =>
          q.where(
            sql<boolean>`(NOT ${needsTwo} OR (first_approved_by IS NOT NULL AND first_approved_by <> ${adminId}
              AND NOT ${invitedEitherWay(adminId)} AND NOT ${approverCoolingOff(adminId)}))`,
          ),
        )
        .returning(['influencer_id', 'payable_amount_cents'])
        .executeTakeFirst();
      if (!decided) {
        // inside the transaction: on PGlite it holds the only connection
        const why = await notPending(trx, adminId, body);
        if (why instanceof AlreadyDecided) return why;
        throw why;
      }
      const payable_amount = dollarsFromCents(decided.payable_amount_cents);
      if (body.decision === 'approved') {
        const reference = `po_${crypto.randomBytes(8).toString('hex')}`;
        await trx
          .insertInto('payouts')
          .values({
            payout_request_id: body.id,
            influencer_id: decided.influencer_id,
            amount_cents: decided.payable_amount_cents,
            approved_by: adminId,
            reference,
            paid_at: sql<Date>`now()`,
          })
          .execute();
        await audit('payoutRequest.approved', { status: 'approved', payable_amount, payoutReference: reference })(trx);
      } else {
        await audit('payoutRequest.rejected', { status: 'rejected', payable_amount, reason })(trx);
      }
      // The influencer hears of the decision that pays or refuses, and only of one that commits.
      await queueDecisionEmail(ctx, trx, body.id, body.decision, reason);
      return 'decided' as const;
    });
  } catch (err) {
    if (err instanceof ApprovalRefused) throw await recorded(err);
    const violated = uniqueViolation(err);
    if (
      violated !== DECISION_KEY_INDEX &&
      violated !== FIRST_APPROVAL_KEY_INDEX &&
      violated !== ONE_PAYOUT_PER_REQUEST
    ) {
      throw err;
    }
    // Lost a race the conditional UPDATE could not see (or the key was reused): answer as if the
    // winner had committed first. The transaction is over, so the pool is free again.
    const why = await notPending(ctx.db, adminId, body, violated);
    if (why instanceof ApprovalRefused) throw await recorded(why);
    if (!(why instanceof AlreadyDecided)) throw why;
    outcome = why;
  }

  const row = await getPayoutRequest(ctx.db, body.id);
  if (outcome instanceof AlreadyDecided) {
    const message = {
      approved: 'This payout was already approved; nothing was paid twice.',
      rejected: 'This payout request was already rejected; nothing was changed.',
      firstApproval: 'Your approval was already recorded; the payout needs the approval of another admin.',
    }[outcome.status];
    return { message, row, events: [] };
  }

  const events = [emit('payoutRequestDecided', { _id: row._id, status: row.status })];
  // Nothing is paid yet: the influencer hears of the decision that pays or refuses.
  if (outcome === 'firstApproval') return { message: decidedMessage(row), row, events };
  return { message: `${decidedMessage(row)} The influencer will be emailed.`, row, events };
}

/** The influencer's email about a decision, queued in the decision's transaction. */
async function queueDecisionEmail(
  ctx: AppContext,
  trx: Transaction<DB>,
  id: string,
  decision: DecidePayoutRequestBody['decision'],
  reason: string,
): Promise<void> {
  const row = await getPayoutRequest(trx, id);
  const influencer = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'display_name', 'user_name', 'email'])
    .where('id', '=', row.influencerId)
    .executeTakeFirstOrThrow();
  const mail = await renderTemplate(trx, DECISION_TEMPLATES[decision], {
    firstName: influencer.first_name || influencer.display_name,
    lastName: influencer.last_name,
    name: row.name,
    displayName: influencer.display_name,
    userName: influencer.user_name,
    amount: usd(dollarsToCents(row.payable_amount)),
    reference: row.payout?.reference ?? '',
    reason,
  });
  await queueEmail(ctx, trx, { to: influencer.email, ...mail });
}

/** How a payout request is filed: the two-approval amount in force, and who filed it from where. */
export interface FileOptions {
  secondApprovalAboveCents: number | null;
  filedBy: MarketplaceActor;
}

/**
 * An influencer's earnings and what of them their pending and approved requests already claim,
 * each an index-only scan of that influencer's own entries (migration 0014). What counts as earned:
 * the earning of each completed transaction; a pending one has not settled, and a failed or refunded
 * one earns nothing (the seed and the payment list write it so).
 */
async function unpaidEarnings(trx: Transaction<DB>, influencerId: string): Promise<number> {
  const { rows } = await sql<{ earned: string; claimed: string }>`
    SELECT
      (SELECT coalesce(sum(earning_cents), 0) FROM transactions
        WHERE influencer_id = ${influencerId} AND status = 'completed' AND earning_cents > 0)::text AS earned,
      (SELECT coalesce(sum(payable_amount_cents), 0) FROM payout_requests
        WHERE influencer_id = ${influencerId} AND status <> 'rejected')::text AS claimed`.execute(trx);
  return Math.max(0, Number(rows[0]!.earned) - Number(rows[0]!.claimed));
}

/** The 409 for an earning that another pending or approved request already pays out. */
async function earningAlreadyClaimed(db: Kysely<DB> | Transaction<DB>, transactionId: string): Promise<HttpError> {
  const claim = await db
    .selectFrom('payout_requests as pr')
    .innerJoin('transactions as t', 't.id', 'pr.transaction_id')
    .select(['t.transaction_id', 'pr.status'])
    .where('pr.transaction_id', '=', transactionId)
    .where('pr.status', '<>', 'rejected')
    .orderBy('pr.created_at')
    .executeTakeFirst();
  const message = earningClaimed(claim?.transaction_id ?? transactionId, claim?.status ?? 'pending');
  return conflict(message, { transactionId: message });
}

/**
 * Files an influencer's payout request, pending until an admin decides it. Its payout amount is held
 * to what the influencer earned and has not yet asked for, and to its own earning when it names one,
 * which no other pending or approved request may name.
 *
 * The check and the insert run in one transaction that first locks the influencer's row, so that
 * two requests of the same influencer filed at once are checked one after the other: the second
 * sees the first's claim. FOR NO KEY UPDATE, not FOR UPDATE: it still excludes another filing, but
 * not the key-share lock a new payment's foreign key takes, so the influencer's payments go on.
 */
export async function createPayoutRequest(
  db: Kysely<DB>,
  body: CreatePayoutRequestBody,
  opts: FileOptions,
): Promise<PayoutRequestRow> {
  const amount = dollarsToCents(body.amount);
  const payable = dollarsToCents(body.payable_amount);
  if (payable > amount) {
    throw badRequest(PAYMENT_MESSAGES.payableOverAmount, { payable_amount: PAYMENT_MESSAGES.payableOverAmount });
  }
  const influencerNotFound = new HttpError(404, PAYMENT_MESSAGES.influencerNotFound, {
    influencerId: PAYMENT_MESSAGES.influencerNotFound,
  });
  const transactionNotFound = new HttpError(404, PAYMENT_MESSAGES.transactionNotFound, {
    transactionId: PAYMENT_MESSAGES.transactionNotFound,
  });
  const threshold = opts.secondApprovalAboveCents;
  const approvalsNeeded = threshold !== null && payable > threshold ? 2 : 1;

  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('is_influencer')
        .where('id', '=', body.influencerId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!user) throw influencerNotFound;
      if (!user.is_influencer) {
        throw badRequest(PAYMENT_MESSAGES.notAnInfluencer, { influencerId: PAYMENT_MESSAGES.notAnInfluencer });
      }
      if (body.transactionId) {
        const t = await trx
          .selectFrom('transactions')
          .select(['influencer_id', 'status', 'earning_cents'])
          .where('id', '=', body.transactionId)
          .executeTakeFirst();
        if (!t) throw transactionNotFound;
        // The row shows the earning's preference and query: another influencer's would mislead.
        if (t.influencer_id !== body.influencerId) {
          throw badRequest(LOCAL_MESSAGES.notAnEarningOf, { transactionId: LOCAL_MESSAGES.notAnEarningOf });
        }
        const earned = t.status === 'completed' ? t.earning_cents : 0;
        if (payable > earned) throw badRequest(overEarning(earned), { payable_amount: overEarning(earned) });
        const claimed = await trx
          .selectFrom('payout_requests')
          .select('id')
          .where('transaction_id', '=', body.transactionId)
          .where('status', '<>', 'rejected')
          .executeTakeFirst();
        if (claimed) throw await earningAlreadyClaimed(trx, body.transactionId);
      }
      const unpaid = await unpaidEarnings(trx, body.influencerId);
      if (payable > unpaid) throw badRequest(overUnpaid(unpaid), { payable_amount: overUnpaid(unpaid) });

      const filed = await trx
        .insertInto('payout_requests')
        .values({
          influencer_id: body.influencerId,
          transaction_id: body.transactionId ?? null,
          amount_cents: amount,
          payable_amount_cents: payable,
          approvals_needed: approvalsNeeded,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Filed by the marketplace, not by an admin: the key that filed it and the caller's address.
      await recordAudit(trx, {
        action: 'payoutRequest.created',
        actorId: null,
        actorEmail: opts.filedBy.actorEmail,
        ip: opts.filedBy.ip,
        recordType: 'payoutRequest',
        recordId: filed.id,
        after: {
          influencerId: body.influencerId,
          transactionId: body.transactionId ?? null,
          amount: body.amount,
          payable_amount: body.payable_amount,
          approvalsNeeded,
        },
      });
      return filed.id;
    });
  } catch (err) {
    // The database's own guard, should a write outside this path have claimed the earning.
    if (uniqueViolation(err) === ONE_REQUEST_PER_EARNING && body.transactionId) {
      throw await earningAlreadyClaimed(db, body.transactionId);
    }
    // the user or the transaction was deleted between the checks and the insert
    if (foreignKeyViolation(err) === 'payout_requests_transaction_id_fkey') throw transactionNotFound;
    if (foreignKeyViolation(err)) throw influencerNotFound;
    throw err;
  }
  return getPayoutRequest(db, id);
}

// ---------------------------------------------------------------------------------------------
// Payouts history

const PAYOUT_SORT_COLUMNS: Record<PayoutSort, string> = {
  paidAt: 'po.paid_at',
  displayName: 'u.display_name',
  email: 'u.email',
  amount: 'po.amount_cents',
  reference: 'po.reference',
  // its request's decided_at, copied by the database (migration 0009)
  approvedAt: 'po.sort_approved_at',
};

const withPayee = (db: Kysely<DB>) =>
  db
    .selectFrom('payouts as po')
    .innerJoin('users as u', 'u.id', 'po.influencer_id')
    .innerJoin('payout_requests as pr', 'pr.id', 'po.payout_request_id');

export async function listPayouts(db: Kysely<DB>, q: PayoutListQuery): Promise<ListPage<PayoutRow>> {
  const p = listParamsOf(q);
  const sortBy = q.sortBy ?? 'paidAt';
  const { search } = p;
  let filtered = withPayee(db);
  // Only influencers are paid: the people a search looks among.
  const payees = () => peopleMatching(db, search ?? '', { by: 'person', among: 'influencers' });
  const byReference = () =>
    db
      .selectFrom('payouts as po')
      .select('po.id')
      .where(ilike('po.reference', containsPattern(search ?? '')));
  if (search) {
    // The matching influencers and references each through their own index, then merged.
    const matched = db
      .selectFrom('payouts as po')
      .select('po.id')
      .where('po.influencer_id', 'in', payees())
      .union(byReference());
    filtered = filtered.where('po.id', 'in', matched);
  }
  const joinedSort = sortBy === 'displayName' || sortBy === 'email';
  return listPage({
    db,
    params: p,
    // both joins follow NOT NULL foreign keys: without a search the ids need neither
    filtered: search ? filtered : db.selectFrom('payouts as po'),
    table: withPayee(db),
    id: 'po.id',
    sort: [{ by: sql.ref(PAYOUT_SORT_COLUMNS[sortBy]) }, { by: sql.ref('po.id') }],
    rows: (from) =>
      from
        .leftJoin('admins as a', 'a.id', 'po.approved_by')
        .select([
          'po.id',
          'po.payout_request_id',
          'po.influencer_id',
          'po.amount_cents',
          'po.reference',
          'po.paid_at',
          'po.approved_by',
          'pr.decided_at',
          'u.first_name',
          'u.last_name',
          'u.display_name',
          'u.email',
          'a.first_name as admin_first_name',
          'a.last_name as admin_last_name',
        ]),
    sortFrom: joinedSort ? filtered : undefined,
    counted: search ? undefined : { list: 'payouts' },
    // Counted apart, not merged (a merge reads every match first), so that counting stops at the limit.
    countFrom: search
      ? db
          .selectFrom(
            db
              .selectFrom('payouts as po')
              .select('po.id')
              .where('po.influencer_id', 'in', payees())
              .unionAll(byReference().where('po.influencer_id', 'not in', payees()))
              .as('m'),
          )
          .select('m.id')
      : undefined,
    estimate: !search,
    dayColumn: sortBy === 'paidAt' ? 'po.paid_at' : undefined,
    pageIds:
      search && sortBy === 'paidAt'
        ? peopleSearchPageIds({
            people: payees(),
            rows: () => db.selectFrom('payouts as po'),
            personColumns: ['po.influencer_id'],
            ownMatches: [(rows) => rows.where(ilike('po.reference', containsPattern(search)))],
            sortColumn: 'po.paid_at',
            id: 'po.id',
            population: INFLUENCER_POPULATION,
          })
        : undefined,
    pageIdsCount: true,
    toRow: (r: PayoutDbRow): PayoutRow => ({
      _id: r.id,
      payoutRequestId: r.payout_request_id,
      influencerId: r.influencer_id,
      name: fullName(r.first_name, r.last_name),
      displayName: r.display_name,
      email: r.email,
      amount: dollarsFromCents(r.amount_cents),
      reference: r.reference,
      paidAt: iso(r.paid_at),
      approvedAt: isoOrNull(r.decided_at),
      approvedBy: r.approved_by
        ? { _id: r.approved_by, firstName: r.admin_first_name ?? '', lastName: r.admin_last_name ?? '' }
        : null,
    }),
  });
}

interface PayoutDbRow {
  id: string;
  payout_request_id: string;
  influencer_id: string;
  amount_cents: number;
  reference: string;
  paid_at: Date;
  approved_by: string | null;
  decided_at: Date | null;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  admin_first_name: string | null;
  admin_last_name: string | null;
}
