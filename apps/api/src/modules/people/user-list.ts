import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FanListQuery, PersonRow, InfluencerListQuery, InfluencerSort } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { sumSpans, USER_TOTALS } from '../dashboard/totals';
import {
  containsPattern,
  ilike,
  iso,
  listPage,
  listParamsOf,
  normaliseSearch,
  rowSearchPageIds,
  withinRange,
  type CreatedRange,
  type ListPage,
} from '../../lib/list';

/**
 * The users columns each person sort orders by; the id comes last so that ties page stably. Each
 * has an index that starts with is_influencer (migrations 0001 and 0002).
 */
const PERSON_SORT_COLUMNS: Record<InfluencerSort, readonly string[]> = {
  createdAt: ['created_at'],
  name: ['first_name', 'last_name'],
  userName: ['user_name'],
  displayName: ['display_name'],
  email: ['email'],
};

/** `alias` names the users table when it is joined ('u'); empty when it is queried alone. */
const column = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);

export function personSortColumns(sort: InfluencerSort, alias = ''): string[] {
  return PERSON_SORT_COLUMNS[sort].map((c) => column(alias, c));
}

/**
 * What a person search matches: user name, display name and email, and with `fullName` also
 * "first last", written exactly as the trigram index of migration 0002 is, so that it is used.
 */
export function personSearch(search: string, opts: { alias?: string; fullName: boolean }): Expression<SqlBool>[] {
  const p = containsPattern(search);
  const col = (name: string) => column(opts.alias ?? '', name);
  const terms: Expression<SqlBool>[] = [
    ilike(col('user_name'), p),
    ilike(col('display_name'), p),
    ilike(col('email'), p),
  ];
  if (opts.fullName) {
    terms.push(sql<boolean>`(${sql.ref(col('first_name'))} || ' ' || ${sql.ref(col('last_name'))}) ILIKE ${p}`);
  }
  return terms;
}

/** What joins a person's names in people_names (migration 0027): no name contains it. */
const NAME_SEPARATOR = '\u001f';

/**
 * What the fans list shows of a person, `person` but its last part (the full name), written as
 * people_names_fan_shown_trgm indexes it (migration 0033, `chr(31)`): the separator is a literal,
 * not a parameter, so that the planner matches the expression to the index's.
 */
const SHOWN_NAMES = sql`left(p.person, -1 - length(split_part(p.person, chr(${sql.lit(NAME_SEPARATOR.charCodeAt(0))}), 4)))`;

/**
 * Whom a list's rows can name, when not everyone: influencers (payouts, payout requests and the
 * influencers list), fans (the fans list), those who applied (applications), those who sent a
 * notification. people_names flags each (migrations 0027 and 0030) and has a trigram index of each
 * one's names alone.
 */
export type PeopleAmong = 'influencers' | 'fans' | 'applicants' | 'senders';

const AMONG_FLAG: Record<PeopleAmong, string> = {
  influencers: 'p.is_influencer',
  fans: 'NOT p.is_influencer',
  applicants: 'p.applicant',
  senders: 'p.sender',
};

/**
 * What a search through people matches: 'person', user name, display name, email and full name (a
 * payer, an influencer, an applicant); 'names', the display and user names alone (a call's parties,
 * a redeemer, a sender); 'shown', what the fans list shows, user name, display name and email.
 */
export type PeopleSearchedBy = 'person' | 'names' | 'shown';

/**
 * What people_names keeps beside each person's names (migration 0032): their payments as a payer,
 * every status and type, and how many redemptions they made. `kept` selects them with the people a
 * search matches (read through people_names by id when the search reads users).
 */
export type KeptCount = 'paid_count' | 'paid_amount_cents' | 'paid_payable_cents' | 'redeemed_count';

/**
 * The people a search matches, as `SELECT p.id FROM … AS p WHERE …` (with `joined`, also
 * `p.created_at`, when the person joined, within `range`): what a search through people finds
 * first (see peopleSearchPageIds), or a fans or influencers search's matches with their date (see
 * listUsers). `among`: only the people a list's rows can name. Read from people_names (migrations
 * 0027, 0030 and 0032), one narrow row per person, in lower case, with one trigram index per kind of
 * search, which costs a fifth of reading users' wide rows through four; a search holding the
 * separator of its parts reads users as before (everyone but influencers and fans included there:
 * the list's own rows leave out whom they do not name).
 */
export function peopleMatching(
  db: Kysely<DB>,
  search: string,
  opts: {
    by: PeopleSearchedBy;
    among?: PeopleAmong;
    joined?: CreatedRange;
    kept?: readonly KeptCount[];
    /**
     * Every person the list names, each tested by the search as a walk tests it: written so that no
     * trigram index serves the test (`(SELECT …) IS TRUE`, see lib/list.ts rowSearchPageIds).
     */
    walked?: boolean;
  },
) {
  const p = containsPattern(search);
  const test = (t: Expression<SqlBool>) => (opts.walked ? sql<boolean>`(SELECT ${t}) IS TRUE` : t);
  // Typed as the id alone, what most callers read; the date and the kept counts are read through SQL.
  const selected = (opts.joined ? ['p.id', 'p.created_at'] : ['p.id']) as ['p.id'];
  const withKept = <Q extends { select: (s: never) => Q }>(q: Q, own: boolean): Q =>
    (opts.kept ?? []).reduce(
      (out, c) =>
        out.select(
          (own ? sql.ref(`p.${c}`) : sql`(SELECT k.${sql.raw(c)} FROM people_names k WHERE k.id = p.id)`).as(
            c,
          ) as never,
        ),
      q,
    );
  if (search.includes(NAME_SEPARATOR)) {
    const terms = {
      person: () => personSearch(search, { alias: 'p', fullName: true }),
      shown: () => personSearch(search, { alias: 'p', fullName: false }),
      names: () => [ilike('p.display_name', p), ilike('p.user_name', p)],
    }[opts.by];
    let users = db
      .selectFrom('users as p')
      .select(selected)
      .where((eb) => test(eb.or(terms())));
    if (opts.among === 'influencers' || opts.among === 'fans') {
      users = users.where('p.is_influencer', '=', opts.among === 'influencers');
    }
    users = withKept(users, false);
    return opts.joined ? withinRange(users, 'p.created_at', opts.joined) : users;
  }
  // The flag written out, not a parameter, so that the planner can take its partial index.
  const only = opts.among ? sql<boolean>`${sql.raw(AMONG_FLAG[opts.among])}` : sql<boolean>`TRUE`;
  // people_names holds its names in lower case (migration 0030): LIKE the lower-cased pattern is
  // what ILIKE tests, without lower-casing each name read.
  const column = opts.by === 'names' ? 'p.names' : 'p.person';
  let names = db.selectFrom('people_names as p').select(selected).where(only);
  // What the fans list shows is `person` but its last part, the full name (no part holds the
  // separator, so a match is within one). Among fans, that expression has its own trigram index.
  names = names.where(
    test(
      opts.by === 'shown'
        ? sql<boolean>`${SHOWN_NAMES} LIKE lower(${p})`
        : sql<boolean>`${sql.ref(column)} LIKE lower(${p})`,
    ),
  );
  names = withKept(names, true);
  return opts.joined ? withinRange(names, 'p.created_at', opts.joined) : names;
}

/** The identity columns every person row of a list shows, from a users row. */
export function personNames(u: {
  user_name: string;
  display_name: string;
  email: string;
  first_name: string;
  last_name: string;
}) {
  return {
    userName: u.user_name,
    displayName: u.display_name,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
  };
}

/** The users a fans or influencers list query selects, before paging (what its total counts). */
export function filteredUsers(
  db: Kysely<DB>,
  role: 'fan' | 'influencer',
  q: Pick<FanListQuery, 'search' | 'status' | 'from' | 'to'>,
) {
  const search = normaliseSearch(q.search);
  const base = unsearchedUsers(db, role, q);
  return search ? base.where(userSearch(role, search)) : base;
}

/** The list's filters other than the search: role, status and when the user joined. */
function unsearchedUsers(db: Kysely<DB>, role: 'fan' | 'influencer', q: Pick<FanListQuery, 'status' | 'from' | 'to'>) {
  let base = db.selectFrom('users').where('is_influencer', '=', role === 'influencer');
  if (q.status) base = base.where('status', '=', q.status);
  // When the user joined: users_role_created (is_influencer, created_at) serves it.
  return withinRange(base, 'created_at', q);
}

/** What a fans or influencers search matches on a users row, through its trigram indexes. */
const userSearch = (role: 'fan' | 'influencer', search: string) =>
  sql<boolean>`(${sql.join(personSearch(search, { fullName: role === 'influencer' }), sql` OR `)})`;

/**
 * The fans list and the influencers list: one query, told apart by is_influencer. Influencers are
 * also found by their full name, the column their list shows first.
 */
export async function listUsers(
  db: Kysely<DB>,
  role: 'fan' | 'influencer',
  q: InfluencerListQuery & Pick<FanListQuery, 'from' | 'to'>,
): Promise<ListPage<PersonRow>> {
  const sortBy = q.sortBy ?? 'createdAt';
  const search = normaliseSearch(q.search);
  const sort = [...personSortColumns(sortBy), 'id'].map((c) => ({ by: sql.ref(c) }));
  const kind = String(role === 'influencer');
  // What each list searches, as userSearch does: influencers also by their full name.
  const searchedBy = role === 'influencer' ? 'person' : 'shown';
  const among = role === 'influencer' ? 'influencers' : 'fans';
  // In the default sort, unless by status (which people_names does not hold), the matches come with
  // their date from people_names, one narrow row each (migration 0032).
  const keyedBy = (walked: boolean) =>
    search && sortBy === 'createdAt' && !q.status
      ? sql`SELECT f.id AS page_id, f.created_at AS k0, f.id AS k1
          FROM (${peopleMatching(db, search, { by: searchedBy, among, joined: q, walked })}) AS f`
      : undefined;
  return listPage({
    db,
    params: listParamsOf(q),
    filtered: filteredUsers(db, role, q),
    table: db.selectFrom('users'),
    id: 'users.id',
    sort,
    rows: (from) =>
      from.select(['id', 'user_name', 'display_name', 'email', 'first_name', 'last_name', 'status', 'created_at']),
    counted: search || q.from || q.to ? undefined : { list: 'users', kind, status: q.status },
    exactTotal:
      !search && !q.status && (q.from || q.to)
        ? async () => {
            const where = { is_influencer: role === 'influencer' };
            const [t] = await sumSpans(db, USER_TOTALS, [{ from: q.from, to: q.to }], { where });
            return t?.count ?? 0;
          }
        : undefined,
    estimate: !search,
    dayColumn: sortBy === 'createdAt' ? 'created_at' : undefined,
    // A search: its matches probed, then sorted when few or found walking the sort's index when
    // many, and counted up to the limit, in one statement (see rowSearchPageIds).
    pageIds: search
      ? rowSearchPageIds({
          db,
          rows: () => unsearchedUsers(db, role, q),
          matches: userSearch(role, search),
          keyed: keyedBy(false),
          // Walked through people_names_role_created (migration 0033), narrow rows in the list's order.
          keyedWalk: keyedBy(true),
          // Influencers are found among influencers alone: the users indexes hold every fan too.
          ids: role === 'influencer' ? peopleMatching(db, search, { by: 'person', among }) : undefined,
          sort,
          id: 'users.id',
          population: { list: 'users', kind, status: q.status },
        })
      : undefined,
    pageIdsCount: true,
    toRow: (r: {
      id: string;
      user_name: string;
      display_name: string;
      email: string;
      first_name: string;
      last_name: string;
      status: PersonRow['status'];
      created_at: Date;
    }): PersonRow => ({ _id: r.id, ...personNames(r), status: r.status, createdAt: iso(r.created_at) }),
  });
}
