import type { Insertable } from 'kysely';
import {
  COUNTRY_CODES,
  DISCOUNT_CODE_TYPES,
  type CallStatus,
  type DiscountCodeType,
} from '@backoffice/shared-api/contract';
import type { DB } from '../db/schema';
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
import { hexOf, Rng, scatter32, TakenTexts, uuidAt, uuidText } from './random';

/**
 * Pure generation of the demo data set: no database here. The rows come table by table, in foreign-key
 * order, as iterators: a loader inserts each batch before the next is generated, so memory holds one
 * batch plus what later tables need of earlier ones, in compact form (ids, creation times, prices),
 * never whole rows. Every instant is an offset from REFERENCE_INSTANT, never from the clock, moved by
 * one fixed amount when asked (shiftMs), so the same scale gives the same rows.
 */

/** Changing this string reshuffles every seeded row; bump it only on purpose. */
const SEED = 'backoffice-demo-v1';

/** "Now" as far as the demo data is concerned, unless the rows are shifted to the seeding moment. */
export const REFERENCE_INSTANT = '2026-11-01T12:00:00.000Z';
/** What ended_at holds while a call is ongoing (spec section 4); never shifted, it is not a time. */
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
    auditEntries: n(10000),
  };
}
type Counts = ReturnType<typeof seedCounts>;

/** The tables the demo fills, in foreign-key order: the order DemoData hands them out. */
export const SEED_TABLES = [
  'categories',
  'languages',
  'payment_methods',
  'email_templates',
  'users',
  'influencer_requests',
  'video_calls',
  'transactions',
  'refunds',
  'payout_requests',
  'payouts',
  'discount_codes',
  'redemptions',
  'notifications',
  'audit_log',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

export type SeedRow<T extends SeedTable> = Insertable<DB[T]>;

/** The admin's id when the seed creates the admin (an existing admin keeps its own). */
export function seededAdminId(): string {
  return Rng.for(SEED, 'admin').uuid();
}
/** When the seeded admin was created, before any shift. */
export const SEEDED_ADMIN_CREATED_MS = REF - 800 * DAY;

// ---------------------------------------------------------------------------------------------
// Small helpers

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefixes = new Map<number, string>();

/**
 * The same text as new Date(ms).toISOString(), several times faster: the seed formats tens of
 * millions of instants, and toISOString alone would cost minutes of them.
 */
export function iso(msIn: number): string {
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
 * Picks an index of a pool of n with a bias towards the front. Activity on a marketplace is uneven: a
 * few fans call every week and many only once, so a uniform pick would make every fan look the same.
 */
function skewed(rng: Rng, n: number, power = 1.8): number {
  return Math.floor(Math.pow(rng.next(), power) * n);
}

/** Ids that must be unique among a few thousand get a fresh draw on the (rare) collision. */
function uniqueToken(rng: Rng, taken: Set<string>, make: (rng: Rng) => string): string {
  for (;;) {
    const t = make(rng);
    if (!taken.has(t)) {
      taken.add(t);
      return t;
    }
  }
}

/**
 * A copy of a text held in one piece. Texts built by concatenation are trees of their parts in V8
 * (a UUID of 9 parts weighs ~300 bytes that way); the ids kept for a million users must not be.
 */
function compact(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A growable column of numbers, for what later tables need of millions of earlier rows. */
class Column<A extends Float64Array | Uint32Array | Int32Array> {
  length = 0;
  constructor(
    public data: A,
    private readonly make: (n: number) => A,
  ) {}
  push(...values: number[]): void {
    if (this.length + values.length > this.data.length) {
      // A quarter more, not twice: this holds a million or more numbers, and is sized right at first.
      const bigger = this.make(
        Math.max(1024 + this.data.length + (this.data.length >> 2), this.length + values.length),
      );
      bigger.set(this.data);
      this.data = bigger;
    }
    for (const v of values) this.data[this.length++] = v;
  }
}

// ---------------------------------------------------------------------------------------------
// Ids unique by construction: a random part for the look, and a counter scattered by a bijection
// for the uniqueness. No set of the 25 million ids issued so far is needed.

const TWO_32 = 2 ** 32;

class IdCounters {
  private txn = 0;
  private order = 0;
  private payout = 0;

  transactionId(rng: Rng): string {
    return `txn_${hexOf(rng.uint32(), 8)}${hexOf(scatter32(this.txn++ ^ 0x5eed7a1d), 8)}`;
  }

  /** An order id as a 48-bit number (16 random bits, 32 of counter): orderText spells it. */
  orderNumber(rng: Rng): number {
    return (rng.uint32() & 0xffff) * TWO_32 + scatter32(this.order++ ^ 0x0bd3e21c);
  }

  payoutReference(rng: Rng): string {
    return `po_${hexOf(rng.uint32(), 8)}${hexOf(scatter32(this.payout++ ^ 0x9a70c0de), 8)}`;
  }
}

const orderText = (n: number) => `ord_${hexOf(Math.floor(n / TWO_32), 4)}${hexOf(n >>> 0, 8)}`;

// ---------------------------------------------------------------------------------------------
// Reference data: fixed lists, the same at every scale (a tenth of a category list is no list).

type At = (ms: number) => string;

function makeCategories(rng: Rng, at: At): SeedRow<'categories'>[] {
  return CATEGORIES.map((name, i) => ({ id: rng.uuid(), name, created_at: at(REF - 760 * DAY + i * HOUR) }));
}

function makeLanguages(rng: Rng, at: At): SeedRow<'languages'>[] {
  return LANGUAGES.map((l, i) => ({
    id: rng.uuid(),
    code: l.code,
    name: l.name,
    created_at: at(REF - 760 * DAY + i * HOUR),
  }));
}

function makePaymentMethods(rng: Rng, at: At): SeedRow<'payment_methods'>[] {
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
      created_at: at(created),
      updated_at: at(isActive ? created : REF - 40 * DAY),
    };
  });
}

function makeEmailTemplates(rng: Rng, at: At): SeedRow<'email_templates'>[] {
  return EMAIL_TEMPLATES.map((t, i) => {
    const created = REF - 700 * DAY + i * HOUR;
    return {
      id: rng.uuid(),
      key: t.key,
      name: t.name,
      subject: t.subject,
      content: t.content,
      placeholders: placeholdersOf(t),
      created_at: at(created),
      updated_at: at(created + rng.int(0, 300) * DAY),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Users

interface Refs {
  categoryIds: string[];
  languageIds: string[];
}

/** A user as later tables see it. */
interface Person {
  id: string;
  createdMs: number;
}

/**
 * What later tables need of the users, and nothing else (no pictures, no profile text): generated
 * fans and influencers are referred to by their index in these columns.
 */
interface People {
  emptyFan: Person;
  busyFan: Person;
  inactiveFan: Person;
  /** Generated fans, the pool every random activity draws from (fixtures excluded). */
  fanIds: string[];
  fanCreated: Float64Array;
  influencerIds: string[];
  influencerCreated: Float64Array;
  influencerNames: string[];
  /** Price per minute in cents and the length of one booked slot. */
  influencerRate: Uint16Array;
  influencerSlot: Uint8Array;
}

const fan = (p: People, i: number): Person => ({ id: p.fanIds[i]!, createdMs: p.fanCreated[i]! });
const influencer = (p: People, i: number): Person => ({
  id: p.influencerIds[i]!,
  createdMs: p.influencerCreated[i]!,
});

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

interface MadeUser {
  id: string;
  userName: string;
  createdMs: number;
  ratePerMin: number;
  slotMin: number;
  row: SeedRow<'users'>;
}

/** One user; `taken` keeps user names unique (null for a fixture, whose name is fixed). */
function makeUser(rng: Rng, refs: Refs, at: At, taken: TakenTexts | null, kind: 'fan' | 'influencer'): MadeUser {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  let userName = rng.chance(0.5) ? `${base}${rng.int(1, 99)}` : base;
  if (taken) while (!taken.add(userName)) userName = `${base}${rng.int(100, 9999)}`;

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

  const id = rng.uuid();
  const ratePerMin = isInfluencer ? rng.pick([199, 299, 399, 499, 599, 799, 999, 1499, 1999]) : 0;
  const slotMin = isInfluencer ? rng.pick([5, 10, 15, 20, 30, 60]) : 0;
  const row: SeedRow<'users'> = {
    id,
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
    call_charges_per_min_cents: ratePerMin,
    call_duration_in_min: slotMin,
    // A birth date is a date, not an instant: it stays where the reference instant puts it.
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
    last_login_at: lastLogin === null ? null : at(lastLogin),
    last_logout_at: lastLogout === null ? null : at(lastLogout),
    created_at: at(createdMs),
    updated_at: at(between(rng, createdMs, REF - HOUR)),
  };
  return { id, userName, createdMs, ratePerMin, slotMin, row };
}

/** A fixture: a generated profile with a fixed name, so its profile looks like everyone else's. */
function makeFixtureUser(
  rng: Rng,
  refs: Refs,
  at: At,
  fixture: { userName: string; email: string },
  firstName: string,
  lastName: string,
  createdMs: number,
): { person: Person; row: SeedRow<'users'> } {
  const { id, row } = makeUser(rng, refs, at, null, 'fan');
  const displayName = `${firstName} ${lastName}`;
  Object.assign(row, {
    first_name: firstName,
    last_name: lastName,
    user_name: fixture.userName,
    email: fixture.email,
    display_name: displayName,
    main_profile_picture: avatarDataUri(fixture.userName, `${firstName[0]}${lastName[0]}`, 200),
    status: '1',
    created_at: at(createdMs),
    updated_at: at(createdMs + 10 * DAY),
  });
  return { person: { id, createdMs }, row };
}

// ---------------------------------------------------------------------------------------------
// Video calls

/** A call as the calls, transactions and refunds see it; rows are spelt out from it. */
interface Call {
  /** The id's four random words (see Rng.uuidInto): refunds keep them, not the text. */
  id: [number, number, number, number];
  host: Person;
  /** The host's index in the fan pool; -1 for a fixture fan. */
  hostFan: number;
  /** Index of the receiving influencer. */
  receiver: number;
  status: CallStatus;
  createdMs: number;
  startedMs: number | null;
  /** null: never started; NaN: ongoing (ended_at holds the epoch). */
  endedMs: number | null;
  updatedMs: number;
  total: number;
  earn: number;
  refunded: number;
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

function makeCall(
  rng: Rng,
  people: People,
  host: Person,
  hostFan: number,
  receiver: number,
  status: CallStatus,
  opts: CallOptions = {},
): Call {
  const id: Call['id'] = [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()];
  const rate = people.influencerRate[receiver]!;
  let created: number;
  let started: number | null = null;
  let ended: number | null = null;
  let updated: number;
  let total = 0;
  let earn = 0;
  let refunded = 0;
  let chargedMs: number;
  const lo = Math.max(host.createdMs, people.influencerCreated[receiver]!) + 10 * MIN;

  if (status === 'Ongoing') {
    // Ongoing means right now: started minutes before the reference instant, not two years ago.
    created = REF - rng.int(5, 45) * MIN;
    started = created + rng.int(30, 180) * 1000;
    ended = NaN;
    updated = started;
    total = rate * Math.ceil((REF - started) / MIN);
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
      ended = started + durationSec * 1000;
      updated = ended;
      chargedMs = ended;
      total = rate * Math.ceil(durationSec / 60);
      if (opts.partialRefund ?? rng.chance(0.05))
        refunded = rng.int(Math.max(1, Math.round(total * 0.1)), Math.round(total * 0.5));
      earn = Math.round((total - refunded) * EARN_RATE);
    } else if (status === 'Missed' && (opts.prepaid ?? rng.chance(0.3))) {
      total = rate * people.influencerSlot[receiver]!;
      refunded = total;
    }
  }
  return {
    id,
    host,
    hostFan,
    receiver,
    status,
    createdMs: created,
    startedMs: started,
    endedMs: ended,
    updatedMs: updated,
    total,
    earn,
    refunded,
    chargedMs,
  };
}

const callId = (c: Call) => uuidText(c.id[0], c.id[1], c.id[2], c.id[3]);

function callRow(c: Call, people: People, at: At): SeedRow<'video_calls'> {
  return {
    id: callId(c),
    host_id: c.host.id,
    receiver_id: people.influencerIds[c.receiver]!,
    status: c.status,
    started_at: c.startedMs === null ? null : at(c.startedMs),
    ended_at: c.endedMs === null ? null : Number.isNaN(c.endedMs) ? ONGOING_ENDED_AT : at(c.endedMs),
    transaction_total_cents: c.total,
    earn_amount_cents: c.earn,
    refunded_amount_cents: c.refunded,
    created_at: at(c.createdMs),
    updated_at: at(c.updatedMs),
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

// ---------------------------------------------------------------------------------------------
// Transactions

/** A payment as the transactions, refunds and payout requests see it. */
interface Txn {
  id: [number, number, number, number];
  transactionId: string;
  /** 48-bit order number (orderText spells it), or null. */
  order: number | null;
  user: Person;
  /** Index of the influencer paid, or -1 (a wallet top-up). */
  influencer: number;
  call: Call | null;
  type: 'video_call' | 'wallet_top_up' | 'tip';
  status: 'pending' | 'completed' | 'failed' | 'refunded';
  preference: string;
  query: string;
  amount: number;
  payable: number;
  hold: number;
  released: number;
  earning: number;
  createdMs: number;
}

const txnUuid = (t: Txn) => uuidText(t.id[0], t.id[1], t.id[2], t.id[3]);

function txnRow(t: Txn, people: People, at: At): SeedRow<'transactions'> {
  return {
    id: txnUuid(t),
    transaction_id: t.transactionId,
    order_id: t.order === null ? null : orderText(t.order),
    user_id: t.user.id,
    influencer_id: t.influencer < 0 ? null : people.influencerIds[t.influencer]!,
    video_call_id: t.call ? callId(t.call) : null,
    type: t.type,
    status: t.status,
    preference: t.preference,
    query: t.query,
    amount_cents: t.amount,
    payable_amount_cents: t.payable,
    hold_amount_cents: t.hold,
    released_amount_cents: t.released,
    earning_cents: t.earning,
    created_at: at(t.createdMs),
  };
}

/** The payment of a call that was charged; its money fields follow from the call's. */
function makeCallTxn(rng: Rng, ids: IdCounters, call: Call): Txn {
  const amount = call.total;
  const payable = Math.round(amount * EARN_RATE);
  const status = call.status === 'Ongoing' ? 'pending' : call.status === 'Missed' ? 'refunded' : 'completed';
  // An ongoing call's order is often not written yet; a refunded payment always has one.
  const order = status === 'pending' && rng.chance(0.5) ? null : ids.orderNumber(rng);
  return {
    id: [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()],
    transactionId: ids.transactionId(rng),
    order,
    user: call.host,
    influencer: call.receiver,
    call,
    type: 'video_call',
    status,
    preference: rng.weighted([
      ['video_call', 75],
      ['priority', 25],
    ] as const),
    query: rng.chance(0.85) ? rng.pick(QUERIES) : '',
    amount,
    payable,
    hold: status === 'pending' ? payable : 0,
    released: status === 'completed' ? call.earn : 0,
    earning: status === 'completed' ? call.earn : 0,
    createdMs: call.chargedMs,
  };
}

interface ExtraTxnOptions {
  type?: 'wallet_top_up' | 'tip';
  status?: 'pending' | 'completed' | 'failed';
  withoutOrder?: boolean;
}

/** A wallet top-up or a tip: money that moves outside a call. */
function makeExtraTxn(rng: Rng, ids: IdCounters, people: People, user: Person, opts: ExtraTxnOptions = {}): Txn {
  const type =
    opts.type ??
    rng.weighted([
      ['wallet_top_up', 65],
      ['tip', 35],
    ] as const);
  const inf = type === 'tip' ? skewed(rng, people.influencerIds.length, 1.5) : -1;
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
  const created = between(
    rng,
    Math.max(user.createdMs, inf < 0 ? 0 : people.influencerCreated[inf]!) + MIN,
    REF - HOUR,
  );
  const withoutOrder = opts.withoutOrder ?? rng.chance(status === 'completed' ? 0.04 : 0.5);
  return {
    id: [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()],
    transactionId: ids.transactionId(rng),
    order: withoutOrder ? null : ids.orderNumber(rng),
    user,
    influencer: inf,
    call: null,
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
    amount,
    payable,
    hold: status === 'pending' ? payable : 0,
    released: status === 'completed' ? payable : 0,
    earning: status === 'completed' && inf >= 0 ? payable : 0,
    createdMs: created,
  };
}

/** A completed payment refunded in full becomes a 'refunded' one. */
function markRefunded(t: Txn): void {
  Object.assign(t, { status: 'refunded', hold: 0, released: 0, earning: 0 });
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** What a refund needs of its payment. */
interface RefundOf {
  order: number;
  userId: string;
  txnId: string;
  callId: string | null;
  amount: number;
  txnCreatedMs: number;
}

function makeRefund(rng: Rng, at: At, r: RefundOf): SeedRow<'refunds'> {
  const created = Math.min(REF - MIN, r.txnCreatedMs + rng.int(1, 240) * HOUR);
  return {
    id: rng.uuid(),
    order_id: orderText(r.order),
    user_id: r.userId,
    transaction_id: r.txnId,
    video_call_id: r.callId,
    amount_cents: r.amount,
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
    created_at: at(created),
  };
}

function refundOf(t: Txn, amount: number): RefundOf {
  if (t.order === null) throw new Error('a refunded payment needs an order id');
  return {
    order: t.order,
    userId: t.user.id,
    txnId: txnUuid(t),
    callId: t.call ? callId(t.call) : null,
    amount,
    txnCreatedMs: t.createdMs,
  };
}

/**
 * The refunds still to write once the transactions are in, a few numbers each: the payment's id
 * (four words), its call's id (four words, or zeros), its order number, the fan (an index of the fan
 * pool), the amount and the payment's time. At scale 500 that is 1.5 million refunds in ~85 MB.
 */
class PendingRefunds {
  private readonly words: Column<Uint32Array>;
  private readonly numbers: Column<Float64Array>;
  /** `expected`: the refunds target, which the count almost always is exactly (no room to spare). */
  constructor(expected: number) {
    this.words = new Column(new Uint32Array(expected * 9), (n) => new Uint32Array(n));
    this.numbers = new Column(new Float64Array(expected * 4), (n) => new Float64Array(n));
  }
  get length(): number {
    return this.numbers.length / 4;
  }
  add(t: Txn, fanIndex: number, amount: number): void {
    if (t.order === null) throw new Error('a refunded payment needs an order id');
    const c = t.call?.id ?? [0, 0, 0, 0];
    this.words.push(...t.id, ...c, t.call ? 1 : 0);
    this.numbers.push(t.order, fanIndex, amount, t.createdMs);
  }
  at(i: number, people: People): RefundOf {
    const w = this.words.data;
    const n = this.numbers.data;
    return {
      order: n[i * 4]!,
      userId: people.fanIds[n[i * 4 + 1]!]!,
      txnId: uuidText(w[i * 9]!, w[i * 9 + 1]!, w[i * 9 + 2]!, w[i * 9 + 3]!),
      callId: w[i * 9 + 8] ? uuidText(w[i * 9 + 4]!, w[i * 9 + 5]!, w[i * 9 + 6]!, w[i * 9 + 7]!) : null,
      amount: n[i * 4 + 2]!,
      txnCreatedMs: n[i * 4 + 3]!,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Payout requests

/**
 * A payout request is linked to one settled earning of its influencer, so the payout list can show
 * the same preference and query columns as the payment list. Which influencer asks for each payout
 * is drawn before the payments, and while the payments stream by each influencer keeps a uniform
 * sample (a reservoir) of as many of their earnings as they will ask payouts for: memory for the
 * requests alone, not for every earning.
 */
class PayoutEarnings {
  /** The influencer of each request, in draw order. */
  readonly requestInfluencer: Int32Array;
  private readonly wanted: Int32Array;
  private readonly base: Int32Array;
  private readonly seen: Uint32Array;
  private readonly ids: Uint32Array;
  private readonly amount: Int32Array;
  private readonly payable: Int32Array;
  private readonly created: Float64Array;

  constructor(
    private readonly rng: Rng,
    influencers: number,
    requests: number,
  ) {
    this.requestInfluencer = new Int32Array(requests);
    this.wanted = new Int32Array(influencers);
    for (let i = 0; i < requests; i++) {
      const inf = skewed(rng, influencers, 1.3);
      this.requestInfluencer[i] = inf;
      this.wanted[inf]!++;
    }
    this.base = new Int32Array(influencers);
    for (let i = 1; i < influencers; i++) this.base[i] = this.base[i - 1]! + this.wanted[i - 1]!;
    this.seen = new Uint32Array(influencers);
    this.ids = new Uint32Array(requests * 4);
    this.amount = new Int32Array(requests);
    this.payable = new Int32Array(requests);
    this.created = new Float64Array(requests);
  }

  /** Offers a payment; kept if it is a settled earning and the reservoir draws it. */
  offer(t: Txn): void {
    if (t.influencer < 0 || t.status !== 'completed' || t.payable <= 0) return;
    const capacity = this.wanted[t.influencer]!;
    if (capacity === 0) return;
    const m = this.seen[t.influencer]!++;
    const slot = m < capacity ? m : Math.floor(this.rng.next() * (m + 1));
    if (slot >= capacity) return;
    const at = this.base[t.influencer]! + slot;
    this.ids.set(t.id, at * 4);
    this.amount[at] = t.amount;
    this.payable[at] = t.payable;
    this.created[at] = t.createdMs;
  }

  /** Where the `nth` earning kept for an influencer is, or -1 when they had fewer. */
  earning(inf: number, nth: number): number {
    return nth < Math.min(this.wanted[inf]!, this.seen[inf]!) ? this.base[inf]! + nth : -1;
  }
  idOf(at: number): string {
    return uuidAt(this.ids, at);
  }
  amountOf(at: number): number {
    return this.amount[at]!;
  }
  payableOf(at: number): number {
    return this.payable[at]!;
  }
  createdOf(at: number): number {
    return this.created[at]!;
  }
}

// ---------------------------------------------------------------------------------------------
// Discount codes and redemptions

interface SeedCode {
  row: SeedRow<'discount_codes'> & { id: string; amount_cents: number };
  createdMs: number;
  used: number;
}

const CODE_PREFIXES: Record<DiscountCodeType, readonly string[]> = {
  wallet_top_up: ['TOPUP', 'WALLET', 'BOOST'],
  first_paid_call: ['FIRSTCALL', 'HELLO', 'TRYME'],
  refferal: ['FRIEND', 'INVITE', 'REFER'],
  signup: ['WELCOME', 'JOIN', 'NEWFAN'],
  influencer_discount_code: [], // named after the influencer
  promo_code: ['SUMMER', 'WINTER', 'BLACKFRIDAY', 'SPRING', 'FLASH'],
};

function makeDiscountCodes(rng: Rng, people: People, at: At, perType: number): SeedCode[] {
  const names = new Set<string>();
  const codes: SeedCode[] = [];
  for (const type of DISCOUNT_CODE_TYPES) {
    for (let i = 0; i < perType; i++) {
      const inf = type === 'influencer_discount_code' ? rng.int(0, people.influencerIds.length - 1) : -1;
      const prefix =
        inf >= 0
          ? people.influencerNames[inf]!.replace(/[^a-z]/g, '')
              .toUpperCase()
              .slice(0, 10)
          : rng.pick(CODE_PREFIXES[type]);
      const name = uniqueToken(
        rng,
        names,
        (r) => `${prefix}${r.pick([5, 10, 15, 20, 25, 50])}${r.hex(3).toUpperCase()}`,
      );
      const infCreated = inf >= 0 ? people.influencerCreated[inf]! : 0;
      const created = between(rng, Math.max(REF - 700 * DAY, infCreated + DAY), REF - 30 * DAY);
      codes.push({
        row: {
          id: rng.uuid(),
          code_name: name,
          type,
          amount_cents: rng.pick([100, 200, 250, 500, 1000, 1500, 2000]),
          redeem_limit: 1, // set once the redemptions are known
          total_redeem: 0,
          status: rng.chance(0.2) ? 'Inactive' : 'Active',
          influencer_id: inf >= 0 ? people.influencerIds[inf]! : null,
          created_at: at(created),
          updated_at: at(between(rng, created, REF - DAY)),
        },
        createdMs: created,
        used: 0,
      });
    }
  }
  // "Some Inactive" must hold at every scale, tiny ones included.
  if (!codes.some((c) => c.row.status === 'Inactive')) codes[codes.length - 1]!.row.status = 'Inactive';
  return codes;
}

/** A redemption's draws, before it is spelt out as a row. */
interface Redemption {
  id: string;
  userId: string | null;
  code: SeedCode | null;
  amount: number;
  active: boolean;
  redeemedMs: number;
}

function makeRedemption(rng: Rng, user: Person | null, code: SeedCode | null): Redemption {
  const redeemed = between(
    rng,
    Math.max(user?.createdMs ?? 0, code?.createdMs ?? 0, REF - 720 * DAY) + MIN,
    REF - HOUR,
  );
  return {
    amount: code?.row.amount_cents ?? rng.pick([100, 250, 500]),
    active: rng.chance(0.7),
    id: rng.uuid(),
    userId: user?.id ?? null,
    code,
    redeemedMs: redeemed,
  };
}

function redemptionRow(r: Redemption, at: At): SeedRow<'redemptions'> {
  return {
    id: r.id,
    discount_code_id: r.code?.row.id ?? null,
    user_id: r.userId,
    discount_amount_cents: r.amount,
    status: r.active ? 'Active' : 'Inactive',
    redeemed_at: at(r.redeemedMs),
    created_at: at(r.redeemedMs),
  };
}

/** Limits are set after the redemptions so that total_redeem <= redeem_limit holds by construction;
 *  some codes are used up exactly. */
function settleRedeemLimits(rng: Rng, codes: SeedCode[]): void {
  for (const c of codes) {
    const limit = rng.pick([25, 50, 100, 250, 500, 1000]);
    c.row.total_redeem = c.used;
    c.row.redeem_limit = c.used > 0 && rng.chance(0.15) ? c.used : Math.max(c.used, limit);
  }
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

interface FixtureActivity {
  calls: Call[];
  txns: Txn[];
  refunds: RefundOf[];
}

/** Refunds of calls are decided by the call (its refunded amount); `extra` more refund a completed
 *  payment outside a call in full. Small lists only (the fixtures'). */
function fixtureRefunds(rng: Rng, txns: Txn[], extra: number): RefundOf[] {
  const out: RefundOf[] = [];
  for (const t of txns) if (t.call && t.call.refunded > 0) out.push(refundOf(t, t.call.refunded));
  const candidates = txns.filter((t) => !t.call && t.status === 'completed' && t.order !== null);
  for (const t of rng.sample(candidates, extra)) {
    markRefunded(t);
    out.push(refundOf(t, t.amount));
  }
  return out;
}

function busyFanActivity(rng: Rng, ids: IdCounters, people: People, ongoingReceiver: number): FixtureActivity {
  const fanP = people.busyFan;
  const influencers = people.influencerIds.length;
  const calls: Call[] = [];
  let missed = 0;
  let completed = 0;
  for (const [status, n] of BUSY_CALL_PLAN) {
    for (let i = 0; i < n; i++) {
      const receiver = status === 'Ongoing' ? ongoingReceiver : rng.int(0, influencers - 1);
      // Two completed calls partly refunded and two missed ones prepaid then refunded: four call
      // refunds, and 14 + 1 + 2 = 17 charged calls.
      const opts: CallOptions =
        status === 'Completed'
          ? { partialRefund: completed++ < 2 }
          : status === 'Missed'
            ? { prepaid: missed++ < 2 }
            : {};
      calls.push(makeCall(rng, people, fanP, -1, receiver, status, opts));
    }
  }
  const txns = calls.filter((c) => c.total > 0).map((c) => makeCallTxn(rng, ids, c));
  // 16 more: three without an order id (pending, failed, completed), thirteen completed with one;
  // eleven of those are refunded below, for 4 + 11 = 15 refunds.
  txns.push(makeExtraTxn(rng, ids, people, fanP, { type: 'wallet_top_up', status: 'pending', withoutOrder: true }));
  txns.push(makeExtraTxn(rng, ids, people, fanP, { type: 'tip', status: 'failed', withoutOrder: true }));
  txns.push(makeExtraTxn(rng, ids, people, fanP, { type: 'tip', status: 'completed', withoutOrder: true }));
  for (let i = 0; i < 13; i++) {
    txns.push(
      makeExtraTxn(rng, ids, people, fanP, {
        type: i % 2 ? 'tip' : 'wallet_top_up',
        status: 'completed',
        withoutOrder: false,
      }),
    );
  }
  return { calls, txns, refunds: fixtureRefunds(rng, txns, 11) };
}

function inactiveFanActivity(rng: Rng, ids: IdCounters, people: People): FixtureActivity {
  const fanP = people.inactiveFan;
  const influencers = people.influencerIds.length;
  const calls = (['Completed', 'Cancelled', 'Rejected'] as const).map((s) =>
    makeCall(rng, people, fanP, -1, rng.int(0, influencers - 1), s, { partialRefund: false }),
  );
  const txns = [
    makeCallTxn(rng, ids, calls[0]!),
    makeExtraTxn(rng, ids, people, fanP, { type: 'wallet_top_up', status: 'completed', withoutOrder: false }),
    makeExtraTxn(rng, ids, people, fanP, { type: 'tip', status: 'completed', withoutOrder: false }),
  ];
  markRefunded(txns[1]!);
  return { calls, txns, refunds: [refundOf(txns[1]!, txns[1]!.amount)] };
}

// ---------------------------------------------------------------------------------------------

export interface DemoOptions {
  scale: number;
  /** The admin who decided requests and approved payouts. */
  adminId: string;
  /** That admin's email, as the audit log names who acted. */
  adminEmail?: string;
  /**
   * Milliseconds added to every instant, so that the demo's "now" is the moment it is seeded (the
   * dashboard's today, the ongoing calls); 0 keeps REFERENCE_INSTANT. Rows are generated already
   * moved: no UPDATE of millions of rows afterwards.
   */
  shiftMs?: number;
}

/**
 * The demo data set at a scale, table by table. Read the tables in SEED_TABLES order, each once and
 * to its end: later tables draw on what earlier ones left behind (the user pools, the refunds and
 * payout earnings found among the payments).
 *
 * Calls are generated twice from the same random stream: once as call rows, once more (without
 * spelling out rows) for their payments, so no call is held in memory between the two tables.
 */
export class DemoData {
  readonly counts: Counts;
  private readonly at: At;
  private readonly adminId: string;
  private readonly adminEmail: string;
  private readonly refs: Refs;
  private readonly categories: SeedRow<'categories'>[];
  private readonly languages: SeedRow<'languages'>[];
  private readonly ids = new IdCounters();
  private nextTable = 0;
  private tableDone = true;

  private people?: People;
  private ongoing?: { hosts: number[]; receivers: number[] };
  private generalCallCount = 0;
  private fixtures?: { busy: FixtureActivity; inactive: FixtureActivity };
  private charged = { txns: 0, refunds: 0 };
  private earnings?: PayoutEarnings;
  private pendingRefunds?: PendingRefunds;
  private approved?: { request: Int32Array; decided: Float64Array; ids: Uint32Array; payable: Int32Array };
  private codes?: SeedCode[];

  constructor(opts: DemoOptions) {
    this.counts = seedCounts(opts.scale);
    const shift = Math.round(opts.shiftMs ?? 0);
    this.at = shift === 0 ? iso : (ms) => iso(ms + shift);
    this.adminId = opts.adminId;
    this.adminEmail = opts.adminEmail ?? 'admin@backoffice.local';
    this.categories = makeCategories(this.rng('categories'), this.at);
    this.languages = makeLanguages(this.rng('languages'), this.at);
    this.refs = {
      categoryIds: this.categories.map((c) => c.id!),
      languageIds: this.languages.map((l) => l.id!),
    };
  }

  private rng(label: string): Rng {
    return Rng.for(SEED, label);
  }

  /** The rows of one table; see the class comment for the order. */
  rows<T extends SeedTable>(table: T): Iterable<SeedRow<T>> {
    if (!this.tableDone || SEED_TABLES[this.nextTable] !== table) {
      throw new Error(`seed: ${table} asked for out of order (next is ${SEED_TABLES[this.nextTable]})`);
    }
    this.nextTable++;
    this.tableDone = false;
    const rows = this.generatorOf(table) as Iterable<SeedRow<T>>;
    const done = () => {
      this.tableDone = true;
    };
    return (function* () {
      yield* rows;
      done();
    })();
  }

  /** How many rows a table will get: exact once the tables before it have been read. */
  expected(table: SeedTable): number {
    const c = this.counts;
    const fans = c.fans;
    const influencers = c.influencers;
    const fixture = SEED_FIXTURES.busyFan;
    const inactive = SEED_FIXTURES.inactiveFan;
    switch (table) {
      case 'categories':
        return CATEGORIES.length;
      case 'languages':
        return LANGUAGES.length;
      case 'payment_methods':
        return 6;
      case 'email_templates':
        return EMAIL_TEMPLATES.length;
      case 'users':
        return 3 + fans + influencers;
      case 'influencer_requests':
        return Math.min(fans, c.pendingRequests + c.rejectedRequests) + Math.min(influencers, c.approvedRequests);
      case 'video_calls':
        return fixture.calls + inactive.calls + this.generalCalls();
      case 'transactions':
        return Math.max(c.transactions, fixture.transactions + inactive.transactions + this.charged.txns);
      case 'refunds':
        return this.pendingRefunds
          ? this.pendingRefunds.length + fixture.refunds + inactive.refunds
          : Math.max(c.refunds, fixture.refunds + inactive.refunds + this.charged.refunds);
      case 'payout_requests':
        return c.payoutRequests;
      case 'payouts':
        return this.approved?.request.length ?? Math.round(c.payoutRequests * 0.9);
      case 'discount_codes':
        return DISCOUNT_CODE_TYPES.length * c.codesPerType;
      case 'redemptions':
        return Math.max(c.redemptions, fixture.redemptions + inactive.redemptions);
      case 'notifications':
        return c.notifications;
      case 'audit_log':
        return c.auditEntries;
    }
  }

  private generatorOf(table: SeedTable): Iterable<unknown> {
    switch (table) {
      case 'categories':
        return this.categories;
      case 'languages':
        return this.languages;
      case 'payment_methods':
        return makePaymentMethods(this.rng('payment_methods'), this.at);
      case 'email_templates':
        return makeEmailTemplates(this.rng('email_templates'), this.at);
      case 'users':
        return this.userRows();
      case 'influencer_requests':
        return this.influencerRequestRows();
      case 'video_calls':
        return this.callRows();
      case 'transactions':
        return this.transactionRows();
      case 'refunds':
        return this.refundRows();
      case 'payout_requests':
        return this.payoutRequestRows();
      case 'payouts':
        return this.payoutRows();
      case 'discount_codes':
        return this.discountCodeRows();
      case 'redemptions':
        return this.redemptionRows();
      case 'notifications':
        return this.notificationRows();
      case 'audit_log':
        return this.auditRows();
    }
  }

  private pool(): People {
    if (!this.people) throw new Error('seed: users must be generated first');
    return this.people;
  }

  // -- users ----------------------------------------------------------------------------------

  private *userRows(): Generator<SeedRow<'users'>> {
    const rng = this.rng('users');
    const { refs, at, counts } = this;

    // Fixtures are created long before anything else, so any activity date can follow their signup.
    const empty = makeFixtureUser(rng, refs, at, SEED_FIXTURES.emptyFan, 'Emma', 'Empty', REF - 500 * DAY);
    const busy = makeFixtureUser(rng, refs, at, SEED_FIXTURES.busyFan, 'Bob', 'Busy', REF - 720 * DAY);
    Object.assign(empty.row, { last_login_at: at(REF - 3 * DAY), last_logout_at: at(REF - 3 * DAY + 25 * MIN) });
    busy.row.last_login_at = at(REF - 2 * HOUR);
    busy.row.last_logout_at = at(REF - HOUR);
    const inactive = makeFixtureUser(rng, refs, at, SEED_FIXTURES.inactiveFan, 'Ivy', 'Inactive', REF - 600 * DAY);
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
    yield empty.row;
    yield busy.row;
    yield inactive.row;

    const taken = new TakenTexts(counts.fans + counts.influencers + 3);
    for (const f of Object.values(SEED_FIXTURES)) taken.add(f.userName);
    const people: People = {
      emptyFan: empty.person,
      busyFan: busy.person,
      inactiveFan: inactive.person,
      fanIds: new Array<string>(counts.fans),
      fanCreated: new Float64Array(counts.fans),
      influencerIds: new Array<string>(counts.influencers),
      influencerCreated: new Float64Array(counts.influencers),
      influencerNames: new Array<string>(counts.influencers),
      influencerRate: new Uint16Array(counts.influencers),
      influencerSlot: new Uint8Array(counts.influencers),
    };
    for (let i = 0; i < counts.fans; i++) {
      const u = makeUser(rng, refs, at, taken, 'fan');
      people.fanIds[i] = compact(u.id);
      people.fanCreated[i] = u.createdMs;
      yield u.row;
    }
    for (let i = 0; i < counts.influencers; i++) {
      const u = makeUser(rng, refs, at, taken, 'influencer');
      people.influencerIds[i] = compact(u.id);
      people.influencerCreated[i] = u.createdMs;
      people.influencerNames[i] = compact(u.userName);
      people.influencerRate[i] = u.ratePerMin;
      people.influencerSlot[i] = u.slotMin;
      yield u.row;
    }
    this.people = people;
  }

  // -- influencer requests: pending and rejected ones belong to fans who applied; approved ones to
  //    users who are influencers now, since approval is what made them influencers.

  private *influencerRequestRows(): Generator<SeedRow<'influencer_requests'>> {
    const rng = this.rng('influencer_requests');
    const people = this.pool();
    const { at, counts, adminId } = this;
    const applicants = rng.sampleIndices(people.fanIds.length, counts.pendingRequests + counts.rejectedRequests);
    for (let i = 0; i < applicants.length; i++) {
      const u = fan(people, applicants[i]!);
      const created = between(rng, Math.max(u.createdMs, REF - 60 * DAY), REF - HOUR);
      if (i < counts.pendingRequests) {
        yield {
          id: rng.uuid(),
          user_id: u.id,
          status: 'pending',
          reason: '',
          decided_by: null,
          decided_at: null,
          created_at: at(created),
          updated_at: at(created),
        };
      } else {
        const decided = Math.min(REF - MIN, created + rng.int(1, 72) * HOUR);
        yield {
          id: rng.uuid(),
          user_id: u.id,
          status: 'rejected',
          reason: rng.pick(REQUEST_REJECTION_REASONS),
          decided_by: adminId,
          decided_at: at(decided),
          created_at: at(created),
          updated_at: at(decided),
        };
      }
    }
    for (const i of rng.sampleIndices(people.influencerIds.length, counts.approvedRequests)) {
      const u = influencer(people, i);
      const created = Math.min(REF - 2 * HOUR, u.createdMs + rng.int(1, 240) * HOUR);
      const decided = Math.min(REF - MIN, created + rng.int(1, 72) * HOUR);
      yield {
        id: rng.uuid(),
        user_id: u.id,
        status: 'approved',
        reason: '',
        decided_by: adminId,
        decided_at: at(decided),
        created_at: at(created),
        updated_at: at(decided),
      };
    }
  }

  // -- calls ----------------------------------------------------------------------------------

  private generalCalls(): number {
    const people = this.pool();
    const ongoing = Math.min(this.counts.ongoingCalls, people.influencerIds.length - 1, people.fanIds.length);
    const fixtureCalls = SEED_FIXTURES.busyFan.calls + SEED_FIXTURES.inactiveFan.calls;
    return Math.max(ongoing + SETTLED_STATUSES.length, this.counts.calls - fixtureCalls);
  }

  /**
   * Each ongoing call needs its own influencer (and fan): nobody is in two calls at once. The busy
   * fan's ongoing call takes the first receiver.
   */
  private ongoingParties(): { hosts: number[]; receivers: number[] } {
    if (!this.ongoing) {
      const people = this.pool();
      const rng = this.rng('video_calls/ongoing');
      const count = Math.min(this.counts.ongoingCalls, people.influencerIds.length - 1, people.fanIds.length);
      const receivers = rng.sampleIndices(people.influencerIds.length, count + 1);
      const hosts = rng.sampleIndices(people.fanIds.length, count);
      this.ongoing = { hosts, receivers };
    }
    return this.ongoing;
  }

  /** The busy and inactive fans' activity: a few dozen rows, made once and kept. */
  private fixtureActivity(): { busy: FixtureActivity; inactive: FixtureActivity } {
    if (!this.fixtures) {
      const people = this.pool();
      const rng = this.rng('fixtures');
      const busy = busyFanActivity(rng, this.ids, people, this.ongoingParties().receivers[0]!);
      const inactive = inactiveFanActivity(rng, this.ids, people);
      this.fixtures = { busy, inactive };
    }
    return this.fixtures;
  }

  /** The generated calls, the same ones on every pass (a fresh stream from the same seed). */
  private *generalCallStream(): Generator<Call> {
    const people = this.pool();
    const rng = this.rng('video_calls');
    const { hosts, receivers } = this.ongoingParties();
    const count = this.generalCalls();
    const fans = people.fanIds.length;
    const influencers = people.influencerIds.length;
    // A few calls going on right now, each with its own fan and influencer.
    for (let i = 0; i < hosts.length; i++) {
      yield makeCall(rng, people, fan(people, hosts[i]!), hosts[i]!, receivers[i + 1]!, 'Ongoing');
    }
    for (let i = hosts.length; i < count; i++) {
      // The first few take each status in turn, so even a tiny scale has every status.
      const k = i - hosts.length;
      const status = k < SETTLED_STATUSES.length ? SETTLED_STATUSES[k]![0] : rng.weighted(SETTLED_STATUSES);
      const host = skewed(rng, fans);
      yield makeCall(rng, people, fan(people, host), host, skewed(rng, influencers, 1.5), status);
    }
  }

  private *callRows(): Generator<SeedRow<'video_calls'>> {
    const people = this.pool();
    const { busy, inactive } = this.fixtureActivity();
    for (const c of [...busy.calls, ...inactive.calls]) yield callRow(c, people, this.at);
    let txns = 0;
    let refunds = 0;
    for (const c of this.generalCallStream()) {
      if (c.total > 0) txns++;
      if (c.refunded > 0) refunds++;
      yield callRow(c, people, this.at);
    }
    this.charged = { txns, refunds };
  }

  // -- transactions -----------------------------------------------------------------------------

  private *transactionRows(): Generator<SeedRow<'transactions'>> {
    const people = this.pool();
    const { counts, at, ids } = this;
    const rng = this.rng('transactions');
    const earnings = new PayoutEarnings(
      this.rng('payout_requests/influencers'),
      people.influencerIds.length,
      counts.payoutRequests,
    );
    const refunds = new PendingRefunds(counts.refunds);
    this.earnings = earnings;
    this.pendingRefunds = refunds;

    // Fixture activity first, so the general pools fill up to the target counts around it.
    const { busy, inactive } = this.fixtureActivity();
    const fixtureTxns = [...busy.txns, ...inactive.txns];
    for (const t of fixtureTxns) {
      earnings.offer(t);
      yield txnRow(t, people, at);
    }

    let callTxns = 0;
    let callRefunds = 0;
    for (const c of this.generalCallStream()) {
      if (c.total <= 0) continue;
      const t = makeCallTxn(rng, ids, c);
      callTxns++;
      earnings.offer(t);
      if (c.refunded > 0) {
        refunds.add(t, c.hostFan, c.refunded);
        callRefunds++;
      }
      yield txnRow(t, people, at);
    }

    // Wallet top-ups and tips up to the target count. Some completed ones with an order id are
    // refunded in full, as many as the refunds target leaves after the calls'. Which ones is
    // decided as they are made (selection sampling: exactly that many, uniformly spread), so no
    // payment has to be kept for a later pick.
    const fixtureRefundCount = busy.refunds.length + inactive.refunds.length;
    const extras = Math.max(0, counts.transactions - fixtureTxns.length - callTxns);
    let toRefund = Math.min(extras, Math.max(0, counts.refunds - callRefunds - fixtureRefundCount));
    const choose = this.rng('refunds/choice');
    const fans = people.fanIds.length;
    for (let i = 0; i < extras; i++) {
      const refund = toRefund > 0 && choose.next() * (extras - i) < toRefund;
      const f = skewed(rng, fans);
      const t = makeExtraTxn(
        rng,
        ids,
        people,
        fan(people, f),
        refund ? { status: 'completed', withoutOrder: false } : {},
      );
      if (refund) {
        toRefund--;
        markRefunded(t);
        refunds.add(t, f, t.amount);
      } else {
        earnings.offer(t);
      }
      yield txnRow(t, people, at);
    }
  }

  // -- refunds ----------------------------------------------------------------------------------

  private *refundRows(): Generator<SeedRow<'refunds'>> {
    const people = this.pool();
    const pending = this.pendingRefunds!;
    const { busy, inactive } = this.fixtureActivity();
    const fixtureRng = this.rng('fixtures/refunds');
    for (const r of [...busy.refunds, ...inactive.refunds]) yield makeRefund(fixtureRng, this.at, r);
    const rng = this.rng('refunds');
    for (let i = 0; i < pending.length; i++) yield makeRefund(rng, this.at, pending.at(i, people));
    this.pendingRefunds = undefined;
  }

  // -- payout requests and payouts --------------------------------------------------------------

  private *payoutRequestRows(): Generator<SeedRow<'payout_requests'>> {
    const people = this.pool();
    const earnings = this.earnings!;
    const { at, adminId } = this;
    const rng = this.rng('payout_requests');
    const n = earnings.requestInfluencer.length;
    const asked = new Int32Array(people.influencerIds.length);
    const ids = new Uint32Array(n * 4);
    const created = new Float64Array(n);
    const amount = new Int32Array(n);
    const payable = new Int32Array(n);
    const earning = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const inf = earnings.requestInfluencer[i]!;
      const e = earnings.earning(inf, asked[inf]!++);
      earning[i] = e;
      amount[i] = e >= 0 ? earnings.amountOf(e) : rng.int(20, 2000) * 100;
      payable[i] = e >= 0 ? earnings.payableOf(e) : Math.round(amount[i]! * EARN_RATE);
      created[i] = between(rng, (e >= 0 ? earnings.createdOf(e) : people.influencerCreated[inf]!) + HOUR, REF - HOUR);
      rng.uuidInto(ids, i);
    }

    // The newest requests are the ones still waiting for a decision.
    const order = new Int32Array(n).map((_, i) => i).sort((a, b) => created[b]! - created[a]! || a - b);
    const pending = Math.min(this.counts.pendingPayoutRequests, n);
    const status = new Uint8Array(n); // by position: 0 pending, 1 approved, 2 rejected
    let rejected = 0;
    for (let p = pending; p < n; p++) {
      status[p] = rng.chance(0.08) ? 2 : 1;
      if (status[p] === 2) rejected++;
    }
    if (n > pending + 1 && rejected === 0) status[n - 1] = 2;

    const approvedCount = status.reduce((s, v) => s + (v === 1 ? 1 : 0), 0);
    const approved = {
      request: new Int32Array(approvedCount),
      decided: new Float64Array(approvedCount),
      ids,
      payable,
    };
    let a = 0;
    for (let p = 0; p < n; p++) {
      const i = order[p]!;
      const s = status[p] === 0 ? 'pending' : status[p] === 1 ? 'approved' : 'rejected';
      const decided = s === 'pending' ? null : Math.min(REF - MIN, created[i]! + rng.int(2, 120) * HOUR);
      if (s === 'approved') {
        approved.request[a] = i;
        approved.decided[a++] = decided!;
      }
      yield {
        id: uuidAt(ids, i),
        influencer_id: people.influencerIds[earnings.requestInfluencer[i]!]!,
        transaction_id: earning[i]! >= 0 ? earnings.idOf(earning[i]!) : null,
        amount_cents: amount[i]!,
        payable_amount_cents: payable[i]!,
        status: s,
        reason: s === 'rejected' ? rng.pick(PAYOUT_REJECTION_REASONS) : '',
        decided_by: decided === null ? null : adminId,
        decided_at: decided === null ? null : at(decided),
        created_at: at(created[i]!),
        updated_at: at(decided ?? created[i]!),
      };
    }
    this.approved = approved;
  }

  private *payoutRows(): Generator<SeedRow<'payouts'>> {
    const people = this.pool();
    const earnings = this.earnings!;
    const approved = this.approved!;
    const rng = this.rng('payouts');
    for (let a = 0; a < approved.request.length; a++) {
      const i = approved.request[a]!;
      const paid = Math.min(REF, approved.decided[a]! + rng.int(5, 120) * MIN);
      yield {
        id: rng.uuid(),
        payout_request_id: uuidAt(approved.ids, i),
        influencer_id: people.influencerIds[earnings.requestInfluencer[i]!]!,
        amount_cents: approved.payable[i]!,
        approved_by: this.adminId,
        reference: this.ids.payoutReference(rng),
        paid_at: this.at(paid),
        created_at: this.at(paid),
      };
    }
    this.earnings = undefined;
    this.approved = undefined;
  }

  // -- discount codes and redemptions ---------------------------------------------------------

  /**
   * Every redemption's draws, in order; the same on every pass. Codes are inserted before their
   * redemptions but carry how often they were used, so this runs twice: once to count, once for
   * the rows.
   */
  private *redemptionStream(codes: SeedCode[]): Generator<Redemption> {
    const people = this.pool();
    const fixtureRng = this.rng('fixtures/redemptions');
    for (let i = 0; i < SEED_FIXTURES.busyFan.redemptions; i++) {
      yield makeRedemption(fixtureRng, people.busyFan, codes[(i * 7) % codes.length]!);
    }
    yield makeRedemption(fixtureRng, people.inactiveFan, codes[0]!);

    const rng = this.rng('redemptions');
    // Codes are listed type by type; shuffled, the popular ones are not all of the first type.
    const byPopularity = rng.sampleIndices(codes.length, codes.length);
    const fans = people.fanIds.length;
    const fixtures = SEED_FIXTURES.busyFan.redemptions + SEED_FIXTURES.inactiveFan.redemptions;
    for (let i = fixtures; i < this.counts.redemptions; i++) {
      // A few rows lose their user or code, so the list's "N/A" defaults have something to show.
      const user = rng.chance(0.03) ? null : fan(people, skewed(rng, fans, 1.4));
      const code = rng.chance(0.03) ? null : codes[byPopularity[skewed(rng, codes.length, 1.3)]!]!;
      yield makeRedemption(rng, user, code);
    }
  }

  private *discountCodeRows(): Generator<SeedRow<'discount_codes'>> {
    const rng = this.rng('discount_codes');
    const codes = makeDiscountCodes(rng, this.pool(), this.at, this.counts.codesPerType);
    for (const r of this.redemptionStream(codes)) if (r.code) r.code.used++;
    settleRedeemLimits(rng, codes);
    this.codes = codes;
    for (const c of codes) yield c.row;
  }

  private *redemptionRows(): Generator<SeedRow<'redemptions'>> {
    for (const r of this.redemptionStream(this.codes!)) yield redemptionRow(r, this.at);
    this.codes = undefined;
  }

  // -- notifications --------------------------------------------------------------------------

  private *notificationRows(): Generator<SeedRow<'notifications'>> {
    const people = this.pool();
    const rng = this.rng('notifications');
    for (let i = 0; i < this.counts.notifications; i++) {
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
      const sender =
        kind === 'payout_request'
          ? people.influencerIds[skewed(rng, people.influencerIds.length)]!
          : people.fanIds[skewed(rng, people.fanIds.length, 1.2)]!;
      const description = {
        payout_request: `{{senderName}} requested a payout of ${dollars(rng.int(20, 1500) * 100)}`,
        influencer_request: '{{senderName}} applied to become an influencer',
        refund_request: `{{senderName}} requested a refund for order ord_${rng.hex(12)}`,
        discount_code: '{{senderName}} reported a discount code that did not apply',
        call_report: '{{senderName}} reported a problem with a video call',
        new_signup: '{{senderName}} just signed up',
      }[kind];
      yield {
        id: rng.uuid(),
        description,
        type: kind,
        sender_id: sender,
        is_read: rng.chance(ageMs > 3 * DAY ? 0.85 : 0.25),
        created_at: this.at(created),
      };
    }
  }

  // -- audit log ------------------------------------------------------------------------------

  /**
   * What an admin's months leave in the audit log: sign-ins and logouts from a few addresses, some
   * failed sign-ins (a few by unknown emails), accounts deactivated and reactivated, profiles
   * edited, availability switched. Only changes to records the seed keeps, so every link works.
   */
  private *auditRows(): Generator<SeedRow<'audit_log'>> {
    const people = this.pool();
    const rng = this.rng('audit_log');
    const offices = Array.from({ length: 6 }, () => `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`);
    const admin = { actor_id: this.adminId, actor_email: this.adminEmail };
    for (let i = 0; i < this.counts.auditEntries; i++) {
      const created = REF - Math.floor(rng.next() * 700 * DAY) - rng.int(1, 59) * MIN;
      const action = rng.weighted([
        ['auth.signedIn', 30],
        ['auth.loggedOut', 18],
        ['auth.signInFailed', 6],
        ['user.statusChanged', 20],
        ['user.profileUpdated', 16],
        ['admin.availabilityChanged', 10],
      ] as const);
      const ip = rng.chance(0.9) ? rng.pick(offices) : `198.51.100.${rng.int(1, 254)}`;
      const common = { id: rng.uuid(), created_at: this.at(created), action, ip };
      if (action === 'user.statusChanged' || action === 'user.profileUpdated') {
        const influencer = rng.chance(0.3);
        const pool = influencer ? people.influencerIds : people.fanIds;
        const user = pool[skewed(rng, pool.length, 1.1)]!;
        const [before, after] =
          action === 'user.statusChanged'
            ? rng.chance(0.5)
              ? [{ status: '1' }, { status: '0' }]
              : [{ status: '0' }, { status: '1' }]
            : [{ bio: '' }, { bio: `Updated on request ${rng.hex(6)}` }];
        yield { ...common, ...admin, record_type: 'user', record_id: user, before, after };
      } else if (action === 'admin.availabilityChanged') {
        const on = rng.chance(0.5);
        yield {
          ...common,
          ...admin,
          record_type: 'admin',
          record_id: this.adminId,
          before: { availabilityStatus: on ? '0' : '1' },
          after: { availabilityStatus: on ? '1' : '0' },
        };
      } else if (action === 'auth.signInFailed' && rng.chance(0.3)) {
        // someone trying an address that is no admin's
        const stranger = `${rng.pick(['admin', 'root', 'support', 'test'])}${rng.int(1, 99)}@example.com`;
        yield {
          ...common,
          actor_id: null,
          actor_email: stranger,
          record_type: null,
          record_id: null,
          before: null,
          after: null,
        };
      } else {
        yield { ...common, ...admin, record_type: 'admin', record_id: this.adminId, before: null, after: null };
      }
    }
  }
}
