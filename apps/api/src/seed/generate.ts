import type { Insertable } from 'kysely';
import {
  COUNTRY_CODES,
  DISCOUNT_CODE_TYPES,
  type CallStatus,
  type DiscountCodeType,
} from '@backoffice/shared-api/contract';
import type {
  CategoriesTable,
  DiscountCodesTable,
  EmailTemplatesTable,
  InfluencerRequestsTable,
  LanguagesTable,
  NotificationsTable,
  PaymentMethodsTable,
  PayoutRequestsTable,
  PayoutsTable,
  RedemptionsTable,
  RefundsTable,
  TransactionsTable,
  UsersTable,
  VideoCallsTable,
} from '../db/schema';
import { EMAIL_TEMPLATES, placeholdersOf } from './email-templates';
import {
  CATEGORIES,
  CATEGORY_KEYWORDS,
  FAN_BIOS,
  FIRST_NAMES,
  INFLUENCER_TAGLINES,
  LANGUAGES,
  LAST_NAMES,
  PAYOUT_REJECTION_REASONS,
  QUERIES,
  REGION_LANGUAGE,
  REGIONS,
  REQUEST_REJECTION_REASONS,
  SOCIAL_HOSTS,
  STAGE_SUFFIXES,
  STREETS,
  type Region,
} from './names';
import { Rng } from './random';

/**
 * Pure generation of the demo data set: no database here, only rows in memory. Every date is an
 * offset from REFERENCE_INSTANT, never from the clock, so the same scale gives byte-identical rows.
 */

/** Changing this string reshuffles every seeded row; bump it only on purpose. */
const SEED = 'backoffice-demo-v1';

/** "Now" as far as the demo data is concerned. */
export const REFERENCE_INSTANT = '2026-11-01T12:00:00.000Z';
/** What ended_at holds while a call is ongoing (spec section 4). */
export const ONGOING_ENDED_AT = '1970-01-01T00:00:00.000Z';

const REF = Date.parse(REFERENCE_INSTANT);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const AVATAR_COLOURS = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#a0d911'];

/**
 * Demo pictures are drawn, not fetched: an SVG with the person's initials, inline as a data URI, so
 * that no screen loads anything from outside the product (the machines have no internet, and an
 * admin's browser should not call third parties).
 */
export function avatarDataUri(seed: string, initials: string, size: number): string {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  const colour = AVATAR_COLOURS[h % AVATAR_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${colour}"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="40" fill="#fff">${initials.toUpperCase()}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** Influencers keep this share of what a fan pays; the rest is the platform fee. */
const EARN_RATE = 0.8;

/**
 * Three fans that exist at every scale, with activity that does not depend on the scale, so tests
 * and screen walkthroughs can rely on them. They are kept out of every random pool.
 */
export const SEED_FIXTURES = {
  /** No calls, transactions, refunds, redemptions, requests or notifications: every empty state. */
  emptyFan: { userName: 'empty.fan', email: 'empty.fan@example.com' },
  /** More than a page of 10 in every fan-detail table, including an ongoing call and a
   *  transaction without an order id. */
  busyFan: {
    userName: 'busy.fan',
    email: 'busy.fan@example.com',
    calls: 30,
    transactions: 33,
    refunds: 15,
    redemptions: 15,
  },
  /** Status '0', no pictures, sparse profile, never signed in; one page (fewer than 10 rows) in each
   *  table, so the pager is hidden. */
  inactiveFan: {
    userName: 'inactive.fan',
    email: 'inactive.fan@example.com',
    calls: 3,
    transactions: 3,
    refunds: 1,
    redemptions: 1,
  },
} as const;

/** Target row counts at a scale; scale 1 is the demo default. */
export function seedCounts(scale: number) {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    fans: n(2000), // generated fans, on top of the three fixtures
    influencers: n(300),
    pendingRequests: n(50),
    approvedRequests: n(30),
    rejectedRequests: n(20),
    calls: n(20000),
    ongoingCalls: n(12),
    transactions: n(50000),
    refunds: n(3000),
    payoutRequests: n(2000),
    pendingPayoutRequests: n(40),
    codesPerType: n(12),
    redemptions: n(3000),
    notifications: n(300),
  };
}

export interface SeedData {
  categories: Insertable<CategoriesTable>[];
  languages: Insertable<LanguagesTable>[];
  payment_methods: Insertable<PaymentMethodsTable>[];
  email_templates: Insertable<EmailTemplatesTable>[];
  users: Insertable<UsersTable>[];
  influencer_requests: Insertable<InfluencerRequestsTable>[];
  video_calls: Insertable<VideoCallsTable>[];
  transactions: Insertable<TransactionsTable>[];
  refunds: Insertable<RefundsTable>[];
  payout_requests: Insertable<PayoutRequestsTable>[];
  payouts: Insertable<PayoutsTable>[];
  discount_codes: Insertable<DiscountCodesTable>[];
  redemptions: Insertable<RedemptionsTable>[];
  notifications: Insertable<NotificationsTable>[];
}

/** The admin's id when the seed creates the admin (an existing admin keeps its own). */
export function seededAdminId(): string {
  return Rng.for(SEED, 'admin').uuid();
}
export const SEEDED_ADMIN_CREATED_AT = new Date(REF - 800 * DAY).toISOString();

// ---------------------------------------------------------------------------------------------
// Small helpers

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefixes = new Map<number, string>();

/**
 * The same text as new Date(ms).toISOString(), several times faster: the seed formats a few hundred
 * thousand instants, and on this class of machine toISOString alone took about a second.
 */
function iso(msIn: number): string {
  const ms = Math.floor(msIn);
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11); // 'YYYY-MM-DDT'
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY;
  const h = Math.floor(rest / HOUR);
  rest -= h * HOUR;
  const m = Math.floor(rest / MIN);
  rest -= m * MIN;
  const s = Math.floor(rest / 1000);
  return `${prefix}${PAD2[h]}:${PAD2[m]}:${PAD2[s]}.${PAD3[rest - s * 1000]}Z`;
}

/** A uniform instant in [lo, hi); lo itself when the range is empty. */
function between(rng: Rng, lo: number, hi: number): number {
  return hi > lo ? lo + Math.floor(rng.next() * (hi - lo)) : lo;
}

/**
 * Picks with a bias towards the front of the list. Activity on a marketplace is uneven: a few fans
 * call every week and many only once, so a uniform pick would make every fan look the same.
 */
function skewed<T>(rng: Rng, items: readonly T[], power = 1.8): T {
  return items[Math.floor(Math.pow(rng.next(), power) * items.length)] as T;
}

/** Ids that must be unique get a fresh draw on the (astronomically rare) collision. */
function uniqueToken(rng: Rng, taken: Set<string>, make: (rng: Rng) => string): string {
  for (;;) {
    const t = make(rng);
    if (!taken.has(t)) {
      taken.add(t);
      return t;
    }
  }
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// ---------------------------------------------------------------------------------------------
// Reference data: fixed lists, the same at every scale (a tenth of a category list is no list).

interface Refs {
  categoryIds: string[];
  languageIds: string[];
}

function makeCategories(rng: Rng): Insertable<CategoriesTable>[] {
  return CATEGORIES.map((name, i) => ({ id: rng.uuid(), name, created_at: iso(REF - 760 * DAY + i * HOUR) }));
}

function makeLanguages(rng: Rng): Insertable<LanguagesTable>[] {
  return LANGUAGES.map((l, i) => ({
    id: rng.uuid(),
    code: l.code,
    name: l.name,
    created_at: iso(REF - 760 * DAY + i * HOUR),
  }));
}

function makePaymentMethods(rng: Rng): Insertable<PaymentMethodsTable>[] {
  const methods: Array<[string, boolean]> = [
    ['Stripe', true],
    ['PayPal', true],
    ['Apple Pay', true],
    ['Google Pay', true],
    ['Bank transfer', true],
    ['Crypto', false], // switched off, so the inactive state has a row
  ];
  return methods.map(([name, isActive], i) => {
    const created = REF - 700 * DAY + i * 3 * DAY;
    return {
      id: rng.uuid(),
      name,
      is_active: isActive,
      created_at: iso(created),
      updated_at: iso(isActive ? created : REF - 40 * DAY),
    };
  });
}

function makeEmailTemplates(rng: Rng): Insertable<EmailTemplatesTable>[] {
  return EMAIL_TEMPLATES.map((t, i) => {
    const created = REF - 700 * DAY + i * HOUR;
    return {
      id: rng.uuid(),
      key: t.key,
      name: t.name,
      subject: t.subject,
      content: t.content,
      placeholders: placeholdersOf(t),
      created_at: iso(created),
      updated_at: iso(created + rng.int(0, 300) * DAY),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Users

/** What later generators need to know about a user, beside its row. */
interface SeedUser {
  id: string;
  userName: string;
  displayName: string;
  createdMs: number;
  /** Influencers only: price and the length of one booked slot. */
  ratePerMin: number;
  slotMin: number;
}

interface People {
  emptyFan: SeedUser;
  busyFan: SeedUser;
  inactiveFan: SeedUser;
  /** Generated fans, the pool every random activity draws from (fixtures excluded). */
  fans: SeedUser[];
  influencers: SeedUser[];
  rows: Insertable<UsersTable>[];
}

const OTHER_COUNTRIES = COUNTRY_CODES.filter((c) => !REGIONS.some((r) => r.country === c));

function pickRegion(rng: Rng): Region | undefined {
  // Mostly a handful of big markets with real cities; some users anywhere else, with no city.
  if (rng.chance(0.12)) return undefined;
  return rng.weighted(REGIONS.map((r, i) => [r, i === 0 ? 8 : i < 4 ? 3 : 1] as const));
}

function socialLinks(rng: Rng, userName: string, count: number): string {
  if (count === 0) return '[{"url":"","type":null}]'; // the API's default single empty entry
  const types = rng.sample([1, 2, 3, 4, 5, 6], count);
  const handle = userName.replace('.', '');
  return JSON.stringify(
    types.map((type) => ({
      url: type === 5 ? `https://${handle}.example.com` : `${SOCIAL_HOSTS[type]}${handle}`,
      type,
    })),
  );
}

function makeUser(
  rng: Rng,
  refs: Refs,
  takenNames: Set<string>,
  kind: 'fan' | 'influencer',
): { user: SeedUser; row: Insertable<UsersTable> } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  let userName = rng.chance(0.5) ? `${base}${rng.int(1, 99)}` : base;
  while (takenNames.has(userName)) userName = `${base}${rng.int(100, 9999)}`;
  takenNames.add(userName);

  const isInfluencer = kind === 'influencer';
  const region = pickRegion(rng);
  const place = region ? rng.pick(region.places) : undefined;
  const zip =
    region && place
      ? region.zipDigits > 0
        ? place.zip +
          String(rng.int(0, 10 ** (region.zipDigits - place.zip.length) - 1)).padStart(
            region.zipDigits - place.zip.length,
            '0',
          )
        : place.zip
      : '';
  const createdMs = REF - rng.int(2 * 86_400, 730 * 86_400) * 1000 - rng.int(0, 999);
  const active = rng.chance(0.93);

  // Most users sign in now and then; some are signed in right now (no logout after the login).
  let lastLogin: number | null = null;
  let lastLogout: number | null = null;
  if (rng.chance(active ? 0.92 : 0.5)) {
    lastLogin = between(rng, createdMs, REF - MIN);
    if (rng.chance(0.85)) lastLogout = Math.min(REF, lastLogin + rng.int(5, 8 * 60) * MIN);
  }

  const categories = isInfluencer
    ? rng.sample(
        CATEGORIES.map((_, i) => i),
        rng.int(1, 3),
      )
    : [];
  const mainCategory = CATEGORIES[categories[0] ?? 0]!;
  const homeLanguage = region ? (REGION_LANGUAGE[region.country] ?? 0) : rng.int(0, LANGUAGES.length - 1);
  const languages = [
    homeLanguage,
    ...(rng.chance(0.4) ? [0] : []),
    ...(rng.chance(0.2) ? [rng.int(0, LANGUAGES.length - 1)] : []),
  ];
  const spoken = [...new Set(languages)].map((i) => refs.languageIds[i]!);

  const displayName = isInfluencer
    ? rng.chance(0.6)
      ? `${first} ${last}`
      : `${first} ${STAGE_SUFFIXES[mainCategory]}`
    : rng.pick([`${first} ${last}`, `${first} ${last[0]}.`, first, `${first}${last[0]}`]);
  const hasPicture = isInfluencer ? rng.chance(0.95) : rng.chance(0.7);
  const picture = (suffix: string, size: number) =>
    hasPicture ? avatarDataUri(`${userName}${suffix}`, `${first[0]}${last[0]}`, size) : '';
  const age = rng.int(18, 62);

  const user: SeedUser = {
    id: rng.uuid(),
    userName,
    displayName,
    createdMs,
    ratePerMin: isInfluencer ? rng.pick([199, 299, 399, 499, 599, 799, 999, 1499, 1999]) : 0,
    slotMin: isInfluencer ? rng.pick([5, 10, 15, 20, 30, 60]) : 0,
  };
  const row: Insertable<UsersTable> = {
    id: user.id,
    first_name: first,
    last_name: last,
    user_name: userName,
    email: `${userName}@example.com`,
    display_name: displayName,
    is_influencer: isInfluencer,
    is_email_verified: rng.chance(0.92),
    time_zone: region?.timeZone ?? 'UTC',
    phone: `${region?.phonePrefix ?? `+${rng.int(20, 99)}`} ${rng.int(200, 999)} ${rng.int(100, 999)} ${String(rng.int(0, 9999)).padStart(4, '0')}`,
    is_18_plus: true,
    accept_terms: true,
    accept_privacy: true,
    accept_influencer_terms: isInfluencer,
    photo_id: isInfluencer ? `idp_${rng.hex(16)}` : '',
    picture_id: hasPicture ? `pic_${rng.hex(16)}` : '',
    gender: rng.chance(0.1)
      ? null
      : rng.weighted([
          [1, 45],
          [2, 45],
          [3, 5],
          [4, 5],
        ] as const),
    call_charges_per_min_cents: user.ratePerMin,
    call_duration_in_min: user.slotMin,
    dob: rng.chance(0.08) ? null : iso(REF - age * 365.25 * DAY - rng.int(0, 364) * DAY).slice(0, 10),
    country: region?.country ?? rng.pick(OTHER_COUNTRIES),
    state: place?.state ?? '',
    city: place?.city ?? '',
    zip_code: zip,
    main_profile_picture: picture('', 200),
    profile_picture_one: isInfluencer ? picture('-1', 400) : '',
    profile_picture_two: isInfluencer && rng.chance(0.7) ? picture('-2', 400) : '',
    address: place && rng.chance(0.8) ? `${rng.int(1, 250)} ${rng.pick(STREETS)}` : '',
    bio: isInfluencer
      ? `${mainCategory} creator${place ? ` from ${place.city}` : ''}. ${rng.pick(INFLUENCER_TAGLINES)}`
      : rng.chance(0.55)
        ? rng.pick(FAN_BIOS)
        : '',
    search_keywords: isInfluencer
      ? [
          ...new Set(
            categories.flatMap((c) => [
              CATEGORIES[c]!.toLowerCase(),
              ...rng.sample(CATEGORY_KEYWORDS[CATEGORIES[c]!], 2),
            ]),
          ),
        ]
      : [],
    spoken_language: spoken,
    social_media: socialLinks(rng, userName, isInfluencer ? rng.int(1, 3) : rng.chance(0.3) ? 1 : 0),
    category: categories.map((i) => refs.categoryIds[i]!),
    display_full_name: rng.chance(0.3),
    status: active ? '1' : '0',
    last_login_at: lastLogin === null ? null : iso(lastLogin),
    last_logout_at: lastLogout === null ? null : iso(lastLogout),
    created_at: iso(createdMs),
    updated_at: iso(between(rng, createdMs, REF - HOUR)),
  };
  return { user, row };
}

/** A fixture: a generated profile with a fixed name, so its profile looks like everyone else's. */
function makeFixtureUser(
  rng: Rng,
  refs: Refs,
  names: Set<string>,
  fixture: { userName: string; email: string },
  firstName: string,
  lastName: string,
  createdMs: number,
) {
  const { user, row } = makeUser(rng, refs, names, 'fan');
  names.delete(user.userName);
  const displayName = `${firstName} ${lastName}`;
  Object.assign(user, { userName: fixture.userName, displayName, createdMs });
  Object.assign(row, {
    first_name: firstName,
    last_name: lastName,
    user_name: fixture.userName,
    email: fixture.email,
    display_name: displayName,
    main_profile_picture: avatarDataUri(fixture.userName, `${firstName[0]}${lastName[0]}`, 200),
    status: '1',
    created_at: iso(createdMs),
    updated_at: iso(createdMs + 10 * DAY),
  });
  return { user, row };
}

function makeUsers(rng: Rng, refs: Refs, counts: ReturnType<typeof seedCounts>): People {
  const names = new Set<string>([
    SEED_FIXTURES.emptyFan.userName,
    SEED_FIXTURES.busyFan.userName,
    SEED_FIXTURES.inactiveFan.userName,
  ]);
  const rows: Insertable<UsersTable>[] = [];

  // Fixtures are created long before anything else, so any activity date can follow their signup.
  const empty = makeFixtureUser(rng, refs, names, SEED_FIXTURES.emptyFan, 'Emma', 'Empty', REF - 500 * DAY);
  const busy = makeFixtureUser(rng, refs, names, SEED_FIXTURES.busyFan, 'Bob', 'Busy', REF - 720 * DAY);
  Object.assign(empty.row, { last_login_at: iso(REF - 3 * DAY), last_logout_at: iso(REF - 3 * DAY + 25 * MIN) });
  busy.row.last_login_at = iso(REF - 2 * HOUR);
  busy.row.last_logout_at = iso(REF - HOUR);
  const inactive = makeFixtureUser(rng, refs, names, SEED_FIXTURES.inactiveFan, 'Ivy', 'Inactive', REF - 600 * DAY);
  // The sparse profile: what the screens show when optional fields and pictures are missing.
  Object.assign(inactive.row, {
    status: '0',
    main_profile_picture: '',
    picture_id: '',
    bio: '',
    phone: '',
    gender: null,
    dob: null,
    country: null,
    state: '',
    city: '',
    zip_code: '',
    address: '',
    time_zone: '',
    social_media: '[{"url":"","type":null}]',
    spoken_language: [],
    last_login_at: null,
    last_logout_at: null,
  });
  rows.push(empty.row, busy.row, inactive.row);

  const fans: SeedUser[] = [];
  for (let i = 0; i < counts.fans; i++) {
    const { user, row } = makeUser(rng, refs, names, 'fan');
    fans.push(user);
    rows.push(row);
  }
  const influencers: SeedUser[] = [];
  for (let i = 0; i < counts.influencers; i++) {
    const { user, row } = makeUser(rng, refs, names, 'influencer');
    influencers.push(user);
    rows.push(row);
  }
  return { emptyFan: empty.user, busyFan: busy.user, inactiveFan: inactive.user, fans, influencers, rows };
}

// ---------------------------------------------------------------------------------------------
// Influencer requests: pending and rejected ones belong to fans who applied; approved ones to
// users who are influencers now, since approval is what made them influencers.

function makeInfluencerRequests(
  rng: Rng,
  people: People,
  adminId: string,
  counts: ReturnType<typeof seedCounts>,
): Insertable<InfluencerRequestsTable>[] {
  const rows: Insertable<InfluencerRequestsTable>[] = [];
  const applicants = rng.sample(people.fans, counts.pendingRequests + counts.rejectedRequests);
  applicants.forEach((u, i) => {
    const created = between(rng, Math.max(u.createdMs, REF - 60 * DAY), REF - HOUR);
    if (i < counts.pendingRequests) {
      rows.push({
        id: rng.uuid(),
        user_id: u.id,
        status: 'pending',
        reason: '',
        decided_by: null,
        decided_at: null,
        created_at: iso(created),
        updated_at: iso(created),
      });
    } else {
      const decided = Math.min(REF - MIN, created + rng.int(1, 72) * HOUR);
      rows.push({
        id: rng.uuid(),
        user_id: u.id,
        status: 'rejected',
        reason: rng.pick(REQUEST_REJECTION_REASONS),
        decided_by: adminId,
        decided_at: iso(decided),
        created_at: iso(created),
        updated_at: iso(decided),
      });
    }
  });
  for (const u of rng.sample(people.influencers, counts.approvedRequests)) {
    const created = Math.min(REF - 2 * HOUR, u.createdMs + rng.int(1, 240) * HOUR);
    const decided = Math.min(REF - MIN, created + rng.int(1, 72) * HOUR);
    rows.push({
      id: rng.uuid(),
      user_id: u.id,
      status: 'approved',
      reason: '',
      decided_by: adminId,
      decided_at: iso(decided),
      created_at: iso(created),
      updated_at: iso(decided),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Video calls

interface SeedCall {
  row: Insertable<VideoCallsTable> & {
    id: string;
    transaction_total_cents: number;
    earn_amount_cents: number;
    refunded_amount_cents: number;
  };
  host: SeedUser;
  receiver: SeedUser;
  status: CallStatus;
  /** When the money moved: the end of a completed call, the start of an ongoing one, the booking
   *  of a prepaid missed call. */
  chargedMs: number;
}

interface CallOptions {
  /** Completed calls: part of the price refunded. Random when not given. */
  partialRefund?: boolean;
  /** Missed calls: prepaid at booking and refunded in full. Random when not given. */
  prepaid?: boolean;
}

function makeCall(rng: Rng, host: SeedUser, receiver: SeedUser, status: CallStatus, opts: CallOptions = {}): SeedCall {
  const id = rng.uuid();
  let created: number;
  let started: number | null = null;
  let ended: string | null = null;
  let updated: number;
  let total = 0;
  let earn = 0;
  let refunded = 0;
  let chargedMs: number;
  const lo = Math.max(host.createdMs, receiver.createdMs) + 10 * MIN;

  if (status === 'Ongoing') {
    // Ongoing means right now: started minutes before the reference instant, not two years ago.
    created = REF - rng.int(5, 45) * MIN;
    started = created + rng.int(30, 180) * 1000;
    ended = ONGOING_ENDED_AT;
    updated = started;
    total = receiver.ratePerMin * Math.ceil((REF - started) / MIN);
    earn = Math.round(total * EARN_RATE);
    chargedMs = started;
  } else {
    // Calls still waiting for an answer or a start are recent; settled ones spread over the past.
    const recent = status === 'Requested' || status === 'Accepted';
    created = between(rng, recent ? Math.max(lo, REF - 14 * DAY) : lo, REF - 2 * HOUR);
    updated = created + rng.int(1, 30) * MIN;
    chargedMs = created;
    if (status === 'Completed') {
      started = created + rng.int(1, 30) * MIN;
      const durationSec = rng.int(3 * 60, 60 * 60);
      const endedMs = started + durationSec * 1000;
      ended = iso(endedMs);
      updated = endedMs;
      chargedMs = endedMs;
      total = receiver.ratePerMin * Math.ceil(durationSec / 60);
      if (opts.partialRefund ?? rng.chance(0.05))
        refunded = rng.int(Math.max(1, Math.round(total * 0.1)), Math.round(total * 0.5));
      earn = Math.round((total - refunded) * EARN_RATE);
    } else if (status === 'Missed' && (opts.prepaid ?? rng.chance(0.3))) {
      total = receiver.ratePerMin * receiver.slotMin;
      refunded = total;
    }
  }
  return {
    row: {
      id,
      host_id: host.id,
      receiver_id: receiver.id,
      status,
      started_at: started === null ? null : iso(started),
      ended_at: ended,
      transaction_total_cents: total,
      earn_amount_cents: earn,
      refunded_amount_cents: refunded,
      created_at: iso(created),
      updated_at: iso(updated),
    },
    host,
    receiver,
    status,
    chargedMs,
  };
}

const SETTLED_STATUSES: readonly (readonly [CallStatus, number])[] = [
  ['Completed', 52],
  ['Missed', 12],
  ['Cancelled', 10],
  ['Rejected', 10],
  ['Requested', 8],
  ['Accepted', 8],
];

function makeGeneralCalls(rng: Rng, people: People, count: number, ongoing: Array<[SeedUser, SeedUser]>): SeedCall[] {
  const calls: SeedCall[] = [];
  // A few calls going on right now, each with its own fan and influencer.
  for (const [host, receiver] of ongoing) calls.push(makeCall(rng, host, receiver, 'Ongoing'));
  for (let i = calls.length; i < count; i++) {
    // The first few take each status in turn, so even a tiny scale has every status.
    const status =
      i - ongoing.length < SETTLED_STATUSES.length
        ? SETTLED_STATUSES[i - ongoing.length]![0]
        : rng.weighted(SETTLED_STATUSES);
    calls.push(makeCall(rng, skewed(rng, people.fans), skewed(rng, people.influencers, 1.5), status));
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------
// Transactions

interface SeedTxn {
  row: Insertable<TransactionsTable> & { id: string; amount_cents: number; order_id: string | null; status: string };
  createdMs: number;
  call?: SeedCall;
}

interface TxnFactory {
  rng: Rng;
  txnIds: Set<string>;
  orderIds: Set<string>;
}

const newTxnId = (f: TxnFactory) => uniqueToken(f.rng, f.txnIds, (r) => `txn_${r.hex(16)}`);
const newOrderId = (f: TxnFactory) => uniqueToken(f.rng, f.orderIds, (r) => `ord_${r.hex(12)}`);

/** The payment of a call that was charged; its money fields follow from the call's. */
function makeCallTxn(f: TxnFactory, call: SeedCall): SeedTxn {
  const { rng } = f;
  const c = call.row;
  const amount = c.transaction_total_cents;
  const payable = Math.round(amount * EARN_RATE);
  const status = call.status === 'Ongoing' ? 'pending' : call.status === 'Missed' ? 'refunded' : 'completed';
  // An ongoing call's order is often not written yet; a refunded payment always has one.
  const orderId = status === 'pending' && rng.chance(0.5) ? null : newOrderId(f);
  return {
    row: {
      id: rng.uuid(),
      transaction_id: newTxnId(f),
      order_id: orderId,
      user_id: call.host.id,
      influencer_id: call.receiver.id,
      video_call_id: c.id,
      type: 'video_call',
      status,
      preference: rng.weighted([
        ['video_call', 75],
        ['priority', 25],
      ] as const),
      query: rng.chance(0.85) ? rng.pick(QUERIES) : '',
      amount_cents: amount,
      payable_amount_cents: payable,
      hold_amount_cents: status === 'pending' ? payable : 0,
      released_amount_cents: status === 'completed' ? c.earn_amount_cents : 0,
      earning_cents: status === 'completed' ? c.earn_amount_cents : 0,
      created_at: iso(call.chargedMs),
    },
    createdMs: call.chargedMs,
    call,
  };
}

interface ExtraTxnOptions {
  type?: 'wallet_top_up' | 'tip';
  status?: 'pending' | 'completed' | 'failed';
  withoutOrder?: boolean;
}

/** A wallet top-up or a tip: money that moves outside a call. */
function makeExtraTxn(
  f: TxnFactory,
  user: SeedUser,
  influencers: readonly SeedUser[],
  opts: ExtraTxnOptions = {},
): SeedTxn {
  const { rng } = f;
  const type =
    opts.type ??
    rng.weighted([
      ['wallet_top_up', 65],
      ['tip', 35],
    ] as const);
  const influencer = type === 'tip' ? skewed(rng, influencers, 1.5) : undefined;
  const status =
    opts.status ??
    rng.weighted([
      ['completed', 84],
      ['pending', 7],
      ['failed', 9],
    ] as const);
  const amount =
    type === 'wallet_top_up'
      ? rng.pick([500, 1000, 2000, 2500, 5000, 10000])
      : rng.pick([100, 200, 300, 500, 1000, 2000, 5000]);
  const payable = Math.round(amount * EARN_RATE);
  const created = between(rng, Math.max(user.createdMs, influencer?.createdMs ?? 0) + MIN, REF - HOUR);
  const withoutOrder = opts.withoutOrder ?? rng.chance(status === 'completed' ? 0.04 : 0.5);
  return {
    row: {
      id: rng.uuid(),
      transaction_id: newTxnId(f),
      order_id: withoutOrder ? null : newOrderId(f),
      user_id: user.id,
      influencer_id: influencer?.id ?? null,
      video_call_id: null,
      type,
      status,
      preference:
        type === 'tip'
          ? rng.weighted([
              ['standard', 80],
              ['priority', 20],
            ] as const)
          : 'standard',
      query: type === 'tip' && rng.chance(0.7) ? rng.pick(QUERIES) : '',
      amount_cents: amount,
      payable_amount_cents: payable,
      hold_amount_cents: status === 'pending' ? payable : 0,
      released_amount_cents: status === 'completed' ? payable : 0,
      earning_cents: status === 'completed' && influencer ? payable : 0,
      created_at: iso(created),
    },
    createdMs: created,
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds

function makeRefund(rng: Rng, txn: SeedTxn, amount: number): Insertable<RefundsTable> {
  if (txn.row.order_id === null) throw new Error('a refunded payment needs an order id');
  const created = Math.min(REF - MIN, txn.createdMs + rng.int(1, 240) * HOUR);
  return {
    id: rng.uuid(),
    order_id: txn.row.order_id,
    user_id: txn.row.user_id,
    transaction_id: txn.row.id,
    video_call_id: txn.row.video_call_id ?? null,
    amount_cents: amount,
    transfer_to: rng.weighted([
      ['wallet', 45],
      ['original_payment_method', 40],
      ['bank_account', 15],
    ] as const),
    status: rng.weighted([
      ['processed', 80],
      ['pending', 12],
      ['failed', 8],
    ] as const),
    created_at: iso(created),
  };
}

/** Refunds of calls are decided by the call (its refunded amount); the rest refund a completed
 *  payment in full, turning it into a 'refunded' one. */
function refundsFor(rng: Rng, txns: SeedTxn[], extraFullRefunds: number): Insertable<RefundsTable>[] {
  const rows: Insertable<RefundsTable>[] = [];
  for (const t of txns) {
    const refunded = t.call?.row.refunded_amount_cents ?? 0;
    if (refunded > 0) rows.push(makeRefund(rng, t, refunded));
  }
  const candidates = txns.filter((t) => !t.call && t.row.status === 'completed' && t.row.order_id !== null);
  for (const t of rng.sample(candidates, extraFullRefunds)) {
    Object.assign(t.row, { status: 'refunded', hold_amount_cents: 0, released_amount_cents: 0, earning_cents: 0 });
    rows.push(makeRefund(rng, t, t.row.amount_cents));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Payout requests and payouts

function makePayouts(
  rng: Rng,
  people: People,
  txns: SeedTxn[],
  adminId: string,
  counts: ReturnType<typeof seedCounts>,
): { requests: Insertable<PayoutRequestsTable>[]; payouts: Insertable<PayoutsTable>[] } {
  // A request is linked to one settled earning of its influencer, so the payout list can show the
  // same preference and query columns as the payment list.
  const earnings = new Map<string, SeedTxn[]>();
  for (const t of txns) {
    if (t.row.influencer_id && t.row.status === 'completed' && (t.row.payable_amount_cents ?? 0) > 0) {
      const list = earnings.get(t.row.influencer_id) ?? [];
      list.push(t);
      earnings.set(t.row.influencer_id, list);
    }
  }
  const drafts: Array<{
    row: Insertable<PayoutRequestsTable> & { id: string; payable_amount_cents: number };
    influencer: SeedUser;
    createdMs: number;
  }> = [];
  for (let i = 0; i < counts.payoutRequests; i++) {
    const influencer = skewed(rng, people.influencers, 1.3);
    const pool = earnings.get(influencer.id) ?? [];
    const txn = pool.length > 0 ? pool.splice(rng.int(0, pool.length - 1), 1)[0] : undefined;
    const amount = txn ? txn.row.amount_cents : rng.int(20, 2000) * 100;
    const payable = txn ? txn.row.payable_amount_cents! : Math.round(amount * EARN_RATE);
    const created = between(rng, (txn?.createdMs ?? influencer.createdMs) + HOUR, REF - HOUR);
    drafts.push({
      row: {
        id: rng.uuid(),
        influencer_id: influencer.id,
        transaction_id: txn?.row.id ?? null,
        amount_cents: amount,
        payable_amount_cents: payable,
      },
      influencer,
      createdMs: created,
    });
  }

  // The newest requests are the ones still waiting for a decision.
  drafts.sort((a, b) => b.createdMs - a.createdMs || (a.row.id < b.row.id ? -1 : 1));
  const pending = Math.min(counts.pendingPayoutRequests, drafts.length);
  const decidedStatus = drafts.map((_, i) => (i < pending ? 'pending' : rng.chance(0.08) ? 'rejected' : 'approved'));
  if (drafts.length > pending + 1 && !decidedStatus.includes('rejected')) decidedStatus[drafts.length - 1] = 'rejected';

  const requests: Insertable<PayoutRequestsTable>[] = [];
  const payouts: Insertable<PayoutsTable>[] = [];
  const references = new Set<string>();
  drafts.forEach((d, i) => {
    const status = decidedStatus[i] as 'pending' | 'approved' | 'rejected';
    const decided = status === 'pending' ? null : Math.min(REF - MIN, d.createdMs + rng.int(2, 120) * HOUR);
    requests.push({
      ...d.row,
      status,
      reason: status === 'rejected' ? rng.pick(PAYOUT_REJECTION_REASONS) : '',
      decided_by: decided === null ? null : adminId,
      decided_at: decided === null ? null : iso(decided),
      created_at: iso(d.createdMs),
      updated_at: iso(decided ?? d.createdMs),
    });
    if (status === 'approved' && decided !== null) {
      const paid = Math.min(REF, decided + rng.int(5, 120) * MIN);
      payouts.push({
        id: rng.uuid(),
        payout_request_id: d.row.id,
        influencer_id: d.influencer.id,
        amount_cents: d.row.payable_amount_cents,
        approved_by: adminId,
        reference: uniqueToken(rng, references, (r) => `po_${r.hex(16)}`),
        paid_at: iso(paid),
        created_at: iso(paid),
      });
    }
  });
  return { requests, payouts };
}

// ---------------------------------------------------------------------------------------------
// Discount codes and redemptions

interface SeedCode {
  row: Insertable<DiscountCodesTable> & { id: string; amount_cents: number };
  createdMs: number;
}

const CODE_PREFIXES: Record<DiscountCodeType, readonly string[]> = {
  wallet_top_up: ['TOPUP', 'WALLET', 'BOOST'],
  first_paid_call: ['FIRSTCALL', 'HELLO', 'TRYME'],
  refferal: ['FRIEND', 'INVITE', 'REFER'],
  signup: ['WELCOME', 'JOIN', 'NEWFAN'],
  influencer_discount_code: [], // named after the influencer
  promo_code: ['SUMMER', 'WINTER', 'BLACKFRIDAY', 'SPRING', 'FLASH'],
};

function makeDiscountCodes(rng: Rng, people: People, perType: number): SeedCode[] {
  const names = new Set<string>();
  const codes: SeedCode[] = [];
  for (const type of DISCOUNT_CODE_TYPES) {
    for (let i = 0; i < perType; i++) {
      const influencer = type === 'influencer_discount_code' ? rng.pick(people.influencers) : undefined;
      const prefix = influencer
        ? influencer.userName
            .replace(/[^a-z]/g, '')
            .toUpperCase()
            .slice(0, 10)
        : rng.pick(CODE_PREFIXES[type]);
      const name = uniqueToken(
        rng,
        names,
        (r) => `${prefix}${r.pick([5, 10, 15, 20, 25, 50])}${r.hex(3).toUpperCase()}`,
      );
      const created = between(rng, Math.max(REF - 700 * DAY, (influencer?.createdMs ?? 0) + DAY), REF - 30 * DAY);
      codes.push({
        row: {
          id: rng.uuid(),
          code_name: name,
          type,
          amount_cents: rng.pick([100, 200, 250, 500, 1000, 1500, 2000]),
          redeem_limit: 1, // set once the redemptions are known
          total_redeem: 0,
          status: rng.chance(0.2) ? 'Inactive' : 'Active',
          influencer_id: influencer?.id ?? null,
          created_at: iso(created),
          updated_at: iso(between(rng, created, REF - DAY)),
        },
        createdMs: created,
      });
    }
  }
  // "Some Inactive" must hold at every scale, tiny ones included.
  if (!codes.some((c) => c.row.status === 'Inactive')) codes[codes.length - 1]!.row.status = 'Inactive';
  return codes;
}

function makeRedemption(rng: Rng, user: SeedUser | null, code: SeedCode | null): Insertable<RedemptionsTable> {
  const redeemed = between(
    rng,
    Math.max(user?.createdMs ?? 0, code?.createdMs ?? 0, REF - 720 * DAY) + MIN,
    REF - HOUR,
  );
  if (code) code.row.total_redeem = (code.row.total_redeem ?? 0) + 1;
  return {
    id: rng.uuid(),
    discount_code_id: code?.row.id ?? null,
    user_id: user?.id ?? null,
    discount_amount_cents: code?.row.amount_cents ?? rng.pick([100, 250, 500]),
    status: rng.chance(0.7) ? 'Active' : 'Inactive',
    redeemed_at: iso(redeemed),
    created_at: iso(redeemed),
  };
}

/** Limits are set after the redemptions so that total_redeem <= redeem_limit holds by construction;
 *  some codes are used up exactly. */
function settleRedeemLimits(rng: Rng, codes: SeedCode[]): void {
  for (const c of codes) {
    const used = c.row.total_redeem ?? 0;
    const limit = rng.pick([25, 50, 100, 250, 500, 1000]);
    c.row.redeem_limit = used > 0 && rng.chance(0.15) ? used : Math.max(used, limit);
  }
}

// ---------------------------------------------------------------------------------------------
// Notifications

function makeNotifications(rng: Rng, people: People, count: number): Insertable<NotificationsTable>[] {
  const rows: Insertable<NotificationsTable>[] = [];
  for (let i = 0; i < count; i++) {
    // Recent ones are more common and more often unread, as in a real inbox.
    const ageMs = Math.floor(Math.pow(rng.next(), 2) * 90 * DAY);
    const created = REF - ageMs - rng.int(1, 59) * MIN;
    const kind = rng.weighted([
      ['payout_request', 30],
      ['influencer_request', 20],
      ['refund_request', 20],
      ['discount_code', 10],
      ['call_report', 10],
      ['new_signup', 10],
    ] as const);
    const sender = kind === 'payout_request' ? skewed(rng, people.influencers) : skewed(rng, people.fans, 1.2);
    const description = {
      payout_request: `{{senderName}} requested a payout of ${dollars(rng.int(20, 1500) * 100)}`,
      influencer_request: '{{senderName}} applied to become an influencer',
      refund_request: `{{senderName}} requested a refund for order ord_${rng.hex(12)}`,
      discount_code: '{{senderName}} reported a discount code that did not apply',
      call_report: '{{senderName}} reported a problem with a video call',
      new_signup: '{{senderName}} just signed up',
    }[kind];
    rows.push({
      id: rng.uuid(),
      description,
      type: kind,
      sender_id: sender.id,
      is_read: rng.chance(ageMs > 3 * DAY ? 0.85 : 0.25),
      created_at: iso(created),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Fixture activity: fixed plans, independent of the scale.

const BUSY_CALL_PLAN: ReadonlyArray<[CallStatus, number]> = [
  ['Completed', 14],
  ['Ongoing', 1],
  ['Requested', 3],
  ['Cancelled', 3],
  ['Accepted', 3],
  ['Missed', 3],
  ['Rejected', 3],
];

function busyFanActivity(rng: Rng, f: TxnFactory, people: People, ongoingReceiver: SeedUser, codes: SeedCode[]) {
  const fan = people.busyFan;
  const calls: SeedCall[] = [];
  let missed = 0;
  let completed = 0;
  for (const [status, n] of BUSY_CALL_PLAN) {
    for (let i = 0; i < n; i++) {
      const receiver = status === 'Ongoing' ? ongoingReceiver : rng.pick(people.influencers);
      // Two completed calls partly refunded and two missed ones prepaid then refunded: four call
      // refunds, and 14 + 1 + 2 = 17 charged calls.
      const opts: CallOptions =
        status === 'Completed'
          ? { partialRefund: completed++ < 2 }
          : status === 'Missed'
            ? { prepaid: missed++ < 2 }
            : {};
      calls.push(makeCall(rng, fan, receiver, status, opts));
    }
  }
  const txns = calls.filter((c) => c.row.transaction_total_cents > 0).map((c) => makeCallTxn(f, c));
  // 16 more: three without an order id (pending, failed, completed), thirteen completed with one;
  // eleven of those are refunded below, for 4 + 11 = 15 refunds.
  txns.push(makeExtraTxn(f, fan, people.influencers, { type: 'wallet_top_up', status: 'pending', withoutOrder: true }));
  txns.push(makeExtraTxn(f, fan, people.influencers, { type: 'tip', status: 'failed', withoutOrder: true }));
  txns.push(makeExtraTxn(f, fan, people.influencers, { type: 'tip', status: 'completed', withoutOrder: true }));
  for (let i = 0; i < 13; i++) {
    txns.push(
      makeExtraTxn(f, fan, people.influencers, {
        type: i % 2 ? 'tip' : 'wallet_top_up',
        status: 'completed',
        withoutOrder: false,
      }),
    );
  }
  const refunds = refundsFor(rng, txns, 11);
  const redemptions = Array.from({ length: SEED_FIXTURES.busyFan.redemptions }, (_, i) =>
    makeRedemption(rng, fan, codes[(i * 7) % codes.length]!),
  );
  return { calls, txns, refunds, redemptions };
}

function inactiveFanActivity(rng: Rng, f: TxnFactory, people: People, codes: SeedCode[]) {
  const fan = people.inactiveFan;
  const calls = (['Completed', 'Cancelled', 'Rejected'] as const).map((s) =>
    makeCall(rng, fan, rng.pick(people.influencers), s, { partialRefund: false }),
  );
  const txns = [
    makeCallTxn(f, calls[0]!),
    makeExtraTxn(f, fan, people.influencers, { type: 'wallet_top_up', status: 'completed', withoutOrder: false }),
    makeExtraTxn(f, fan, people.influencers, { type: 'tip', status: 'completed', withoutOrder: false }),
  ];
  const refunds = [makeRefund(rng, txns[1]!, txns[1]!.row.amount_cents)];
  Object.assign(txns[1]!.row, { status: 'refunded', hold_amount_cents: 0, released_amount_cents: 0, earning_cents: 0 });
  const redemptions = [makeRedemption(rng, fan, codes[0]!)];
  return { calls, txns, refunds, redemptions };
}

// ---------------------------------------------------------------------------------------------

/** All rows of the demo at a scale; adminId is the admin who decided requests and approved payouts. */
export function generateSeedData(scale: number, adminId: string): SeedData {
  const counts = seedCounts(scale);
  const rng = (label: string) => Rng.for(SEED, label);

  const categories = makeCategories(rng('categories'));
  const languages = makeLanguages(rng('languages'));
  const refs: Refs = { categoryIds: categories.map((c) => c.id!), languageIds: languages.map((l) => l.id!) };
  const people = makeUsers(rng('users'), refs, counts);
  const influencerRequests = makeInfluencerRequests(rng('influencer_requests'), people, adminId, counts);

  // Calls. Each ongoing call needs its own influencer (and fan): nobody is in two calls at once.
  const callRng = rng('video_calls');
  const ongoingCount = Math.min(counts.ongoingCalls, people.influencers.length - 1, people.fans.length);
  const ongoingReceivers = callRng.sample(people.influencers, ongoingCount + 1);
  const ongoingHosts = callRng.sample(people.fans, ongoingCount);
  const fixtureCallCount = SEED_FIXTURES.busyFan.calls + SEED_FIXTURES.inactiveFan.calls;
  const generalCalls = makeGeneralCalls(
    callRng,
    people,
    Math.max(ongoingCount + SETTLED_STATUSES.length, counts.calls - fixtureCallCount),
    ongoingHosts.map((h, i) => [h, ongoingReceivers[i + 1]!]),
  );

  const codeRng = rng('discount_codes');
  const codes = makeDiscountCodes(codeRng, people, counts.codesPerType);

  // Fixture activity first, so the general pools fill up to the target counts around it.
  const f: TxnFactory = { rng: rng('transactions'), txnIds: new Set(), orderIds: new Set() };
  const fixtureRng = rng('fixtures');
  const busy = busyFanActivity(fixtureRng, f, people, ongoingReceivers[0]!, codes);
  const inactive = inactiveFanActivity(fixtureRng, f, people, codes);

  const txns: SeedTxn[] = generalCalls.filter((c) => c.row.transaction_total_cents > 0).map((c) => makeCallTxn(f, c));
  const extraCount = counts.transactions - busy.txns.length - inactive.txns.length - txns.length;
  for (let i = 0; i < extraCount; i++) txns.push(makeExtraTxn(f, skewed(f.rng, people.fans), people.influencers));

  const refundRng = rng('refunds');
  const callRefunds = generalCalls.filter((c) => c.row.refunded_amount_cents > 0).length;
  const refunds = refundsFor(
    refundRng,
    txns,
    Math.max(0, counts.refunds - callRefunds - busy.refunds.length - inactive.refunds.length),
  );

  const allTxns = [...busy.txns, ...inactive.txns, ...txns];
  const payouts = makePayouts(rng('payouts'), people, allTxns, adminId, counts);

  const redemptionRng = rng('redemptions');
  const redemptions = [...busy.redemptions, ...inactive.redemptions];
  // Codes are listed type by type; shuffled, the popular ones are not all of the first type.
  const codesByPopularity = redemptionRng.sample(codes, codes.length);
  for (let i = redemptions.length; i < counts.redemptions; i++) {
    // A few rows lose their user or code, so the list's "N/A" defaults have something to show.
    const user = redemptionRng.chance(0.03) ? null : skewed(redemptionRng, people.fans, 1.4);
    const code = redemptionRng.chance(0.03) ? null : skewed(redemptionRng, codesByPopularity, 1.3);
    redemptions.push(makeRedemption(redemptionRng, user, code));
  }
  settleRedeemLimits(codeRng, codes);

  return {
    categories,
    languages,
    payment_methods: makePaymentMethods(rng('payment_methods')),
    email_templates: makeEmailTemplates(rng('email_templates')),
    users: people.rows,
    influencer_requests: influencerRequests,
    video_calls: [...busy.calls, ...inactive.calls, ...generalCalls].map((c) => c.row),
    transactions: allTxns.map((t) => t.row),
    refunds: [...busy.refunds, ...inactive.refunds, ...refunds],
    payout_requests: payouts.requests,
    payouts: payouts.payouts,
    discount_codes: codes.map((c) => c.row),
    redemptions,
    notifications: makeNotifications(rng('notifications'), people, counts.notifications),
  };
}
