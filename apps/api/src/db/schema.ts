import type { ColumnType, Generated, RawBuilder } from 'kysely';

/** Timestamps go in as Date or ISO text and come back as Date (node-postgres and PGlite agree). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AdminsTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  bio: Generated<string>;
  main_profile_picture: Generated<string>;
  time_zone: Generated<string>;
  is_email_verified: Generated<boolean>;
  availability_status: Generated<'0' | '1'>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  role_id: string;
  status: Generated<'active' | 'inactive'>;
  /** Who invited this admin (null for the first admin, or one created from the command line). */
  invited_by: string | null;
  /** The TOTP secret, encrypted with the server's secret (modules/auth/second-factor.ts). */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: ColumnType<string | null, number | string | null, number | string | null>;
  /** Moves on with each accepted second step, enrolment and reset: a sign-in challenge is good until it does. */
  second_factor_counter: Generated<number>;
  /** The last password reset by emailed link or second-factor reset (modules/auth/credentials.ts). */
  credentials_reset_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RolesTable {
  id: Generated<string>;
  /** The seeded roles' fixed names (owner, finance, support, content, auditor); null for one an Owner added. */
  key: string | null;
  name: string;
  permissions: ColumnType<string[], string[] | RawBuilder<string[]>, string[] | RawBuilder<string[]>>;
  requires_second_factor: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AdminRecoveryCodesTable {
  id: Generated<string>;
  admin_id: string;
  code_hash: string;
  created_at: DefaultTimestamp;
  used_at: Timestamp | null;
}

export interface AdminInvitesTable {
  id: Generated<string>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  role_id: string;
  invited_by: string;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  admin_id: string | null;
}

export interface AdminSessionsTable {
  id: Generated<string>;
  admin_id: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  password_change_required: Generated<boolean>;
  user_agent: Generated<string>;
  ip: Generated<string>;
  last_seen_at: DefaultTimestamp;
  /** Signed in with a password alone to a role that needs a second factor: only enrolling may follow. */
  second_factor_enrollment_required: Generated<boolean>;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  admin_id: string;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CategoriesTable {
  id: Generated<string>;
  name: string;
  created_at: DefaultTimestamp;
}

export interface LanguagesTable {
  id: Generated<string>;
  code: string;
  name: string;
  created_at: DefaultTimestamp;
}

export interface SocialLinkJson {
  url: string;
  type: number | null;
}

export interface UsersTable {
  id: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  user_name: string;
  email: string;
  display_name: Generated<string>;
  is_influencer: Generated<boolean>;
  is_email_verified: Generated<boolean>;
  time_zone: Generated<string>;
  phone: Generated<string>;
  is_18_plus: Generated<boolean>;
  accept_terms: Generated<boolean>;
  accept_privacy: Generated<boolean>;
  accept_influencer_terms: Generated<boolean>;
  photo_id: Generated<string>;
  picture_id: Generated<string>;
  gender: number | null;
  call_charges_per_min_cents: Generated<number>;
  dob: ColumnType<Date | null, Date | string | null, Date | string | null>;
  country: string | null;
  state: Generated<string>;
  city: Generated<string>;
  zip_code: Generated<string>;
  call_duration_in_min: Generated<number>;
  main_profile_picture: Generated<string>;
  profile_picture_one: Generated<string>;
  profile_picture_two: Generated<string>;
  address: Generated<string>;
  bio: Generated<string>;
  search_keywords: Generated<string[]>;
  spoken_language: Generated<string[]>;
  social_media: ColumnType<SocialLinkJson[], string | undefined, string>;
  category: Generated<string[]>;
  display_full_name: Generated<boolean>;
  status: Generated<'0' | '1'>;
  last_login_at: Timestamp | null;
  last_logout_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface InfluencerRequestsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: Generated<string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Copies of the applicant's sort columns (migration 0010), kept by the database. */
  sort_user_created_at: Generated<Date | null>;
  sort_first_name: Generated<string | null>;
  sort_last_name: Generated<string | null>;
  sort_user_name: Generated<string | null>;
  sort_display_name: Generated<string | null>;
  sort_email: Generated<string | null>;
}

export interface VideoCallsTable {
  id: Generated<string>;
  host_id: string;
  receiver_id: string;
  status: string;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  transaction_total_cents: Generated<number>;
  earn_amount_cents: Generated<number>;
  refunded_amount_cents: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface TransactionsTable {
  id: Generated<string>;
  transaction_id: string;
  order_id: string | null;
  user_id: string;
  influencer_id: string | null;
  video_call_id: string | null;
  type: string;
  status: string;
  preference: Generated<string>;
  query: Generated<string>;
  amount_cents: number;
  payable_amount_cents: number;
  hold_amount_cents: Generated<number>;
  released_amount_cents: Generated<number>;
  earning_cents: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface RefundsTable {
  id: Generated<string>;
  order_id: string;
  user_id: string;
  transaction_id: string | null;
  video_call_id: string | null;
  amount_cents: number;
  transfer_to: string;
  status: string;
  created_at: DefaultTimestamp;
}

export interface PayoutRequestsTable {
  id: Generated<string>;
  influencer_id: string;
  transaction_id: string | null;
  amount_cents: number;
  payable_amount_cents: number;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: Generated<string>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  /** The idempotency key of the decision (migration 0003). */
  decision_key: string | null;
  /** The earning's preference and query, copied by the database (migration 0008) for the list's sorts. */
  sort_preference: Generated<string>;
  sort_query: Generated<string>;
  /** How many admins must approve it, 1 or 2 (migration 0014); the first of two is kept below. */
  approvals_needed: Generated<number>;
  first_approved_by: string | null;
  first_approved_at: Timestamp | null;
  first_approval_key: string | null;
  /** An approved request that paid an earning already paid by this one (found by migration 0014). */
  duplicate_of: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  payout_request_id: string;
  influencer_id: string;
  amount_cents: number;
  approved_by: string | null;
  reference: string;
  paid_at: DefaultTimestamp;
  created_at: DefaultTimestamp;
  /** Its request's decided_at (migration 0009), kept by the database for the approvedAt sort. */
  sort_approved_at: Generated<Date | null>;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  name: string;
  is_active: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface DiscountCodesTable {
  id: Generated<string>;
  code_name: string;
  type: string;
  amount_cents: number;
  redeem_limit: number;
  total_redeem: Generated<number>;
  status: Generated<'Active' | 'Inactive'>;
  influencer_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface RedemptionsTable {
  id: Generated<string>;
  discount_code_id: string | null;
  user_id: string | null;
  discount_amount_cents: Generated<number>;
  status: Generated<'Active' | 'Inactive'>;
  redeemed_at: DefaultTimestamp;
  created_at: DefaultTimestamp;
  /** Copies of what the history sorts by (migration 0009), kept by the database. */
  sort_display_name: Generated<string | null>;
  sort_code_name: Generated<string | null>;
  sort_code_type: Generated<string | null>;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  key: string;
  name: string;
  subject: string;
  content: string;
  placeholders: Generated<string[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  description: string;
  type: Generated<string>;
  sender_id: string | null;
  is_read: Generated<boolean>;
  created_at: DefaultTimestamp;
}

/** A time bucket of the totals of migration 0006: a UTC quarter hour, hour, day or month. */
export type TotalsGrain = 'quarter' | 'hour' | 'day' | 'month';
/** A bigint: node-postgres and PGlite return it as text. */
type Total = ColumnType<string, number | string, number | string>;

/** Payments per bucket, status and type, kept by triggers (migration 0006). */
export interface TransactionTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  status: string;
  type: string;
  count: Total;
  amount_cents: Total;
  payable_amount_cents: Total;
}

/** Calls requested per bucket and status, kept by triggers (migration 0006). */
export interface VideoCallTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  status: string;
  count: Total;
}

/** Users who joined per bucket, fans and influencers apart, kept by triggers (migration 0006). */
export interface UserTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  is_influencer: boolean;
  count: Total;
}

/** Payments per payer, status and type, all time, kept by triggers (migration 0006). */
export interface PayerTotalsTable {
  user_id: string;
  status: string;
  type: string;
  count: Total;
  amount_cents: Total;
  payable_amount_cents: Total;
}

/** Each user's searchable names in one narrow row, kept by triggers on users (migration 0027). */
export interface PeopleNamesTable {
  id: string;
  is_influencer: boolean;
  /** user name and display name, joined by U+001F, in lower case (migration 0030) */
  names: string;
  /** user name, display name, email and full name, joined by U+001F, in lower case */
  person: string;
  /** has ever applied to be an influencer (the flag stays when the application goes) */
  applicant: Generated<boolean>;
  /** has ever sent a notification (the flag stays when the notification goes) */
  sender: Generated<boolean>;
  /** when the person joined: users.created_at */
  created_at: Date;
  /** the person's payments as a payer, every status and type: payer_totals summed (migration 0032) */
  paid_count: Generated<number>;
  paid_amount_cents: Generated<number>;
  paid_payable_cents: Generated<number>;
  /** how many redemptions the person made (migration 0032) */
  redeemed_count: Generated<number>;
}

/** Influencer requests per bucket of their filing and status, kept by triggers (migration 0006). */
export interface InfluencerRequestTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  status: string;
  count: Total;
}

/** Payout requests per bucket of their filing and status, kept by triggers (migration 0006). */
export interface PayoutRequestTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  status: string;
  count: Total;
  payable_amount_cents: Total;
}

/** Redemptions per bucket of their redeemed_at, kept by triggers (migration 0006). */
export interface RedemptionTotalsTable {
  grain: TotalsGrain;
  bucket: Timestamp;
  count: Total;
}

export interface SeedRunsTable {
  name: string;
  scale: number;
  finished_at: DefaultTimestamp;
}

/** Rows per list, day and filter value, kept by triggers (migration 0007). */
export interface ListCountsTable {
  list: string;
  day: ColumnType<string, string, string>;
  status: string;
  kind: string;
  n: ColumnType<string, number, number>;
}

/** Rows per list, UTC hour and filter value, kept with list_counts by the same triggers (migration 0025). */
export interface ListHourCountsTable {
  list: string;
  /** The hour's start, UTC, without time zone. */
  hour: ColumnType<Date, string, string>;
  status: string;
  kind: string;
  n: ColumnType<string, number, number>;
}

/** A counted list's total per filter value, whatever the day (migration 0011). */
export interface ListTotalsTable {
  list: string;
  status: string;
  kind: string;
  n: ColumnType<string, number, number>;
}

/** Who did what to which record, and the fields before and after; append-only (migration 0013). */
export interface AuditLogTable {
  id: Generated<string>;
  created_at: DefaultTimestamp;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  record_type: string | null;
  record_id: string | null;
  ip: string | null;
  before: ColumnType<Record<string, unknown> | null, Record<string, unknown> | string | null, never>;
  after: ColumnType<Record<string, unknown> | null, Record<string, unknown> | string | null, never>;
  /** Place in the hash chain, and SHA-256 chained to the entry before: set by the database (migration 0019). */
  seq: ColumnType<number, never, never>;
  hash: ColumnType<Buffer, never, never>;
}

/** Bytes in: a Buffer; out: a Buffer (node-postgres) or a Uint8Array (PGlite). */
type Bytes = ColumnType<Uint8Array, Uint8Array, Uint8Array>;

export interface ReleaseFilesTable {
  /** The file's SHA-384 in Subresource Integrity form (`sha384-…`). */
  hash: string;
  content: Bytes;
  size: number;
  /** Compressed copies (migration 0031); null where the file does not compress or is not done yet. */
  br: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  gzip: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
}

export interface ReleaseVersionsTable {
  remote: string;
  version: string;
  /** Path in the version's folder → the SHA-384 the server computed from the bytes it received. */
  files: ColumnType<Record<string, string>, string, never>;
  file_count: number;
  bytes: ColumnType<string, number, never>;
  /** What the release gate said (shared packages the remote loads its own copy of). */
  gate: ColumnType<string[], string, never>;
  released_by: string;
  released_at: DefaultTimestamp;
}

export interface ReleaseRegistryTable {
  remote: string;
  current_version: string | null;
  /** The versions current before, oldest first; a rollback goes back to the last one. */
  history: ColumnType<string[], string[] | RawBuilder<string[]> | undefined, string[] | RawBuilder<string[]>>;
  staged_version: string | null;
  staged_admins: ColumnType<
    string[] | null,
    string[] | RawBuilder<string[]> | null,
    string[] | RawBuilder<string[]> | null
  >;
  staged_percent: number | null;
  staged_at: Timestamp | null;
  staged_by: string | null;
  /** The last stage that halted itself: version, figures and when (Setting → Releases says why). */
  halted: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  revision: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface DeployTokensTable {
  id: Generated<string>;
  remote: string;
  name: string;
  token_hash: Bytes;
  created_by: string | null;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ReleaseFiguresTable {
  remote: string;
  version: string;
  hour: Timestamp;
  views: Generated<number>;
  load_failures: Generated<number>;
  integrity_failures: Generated<number>;
  errors: Generated<number>;
}

/** Emails waiting to be sent, sent, or given up (migration 0023; modules/mail/outbox.ts). */
export interface EmailOutboxTable {
  id: ColumnType<number, never, never>;
  recipient: string;
  subject: string;
  /** Emptied once sent or given up: a reset or invitation link must not outlive its delivery. */
  html: string;
  text: string;
  created_at: DefaultTimestamp;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  /** While set in the future, one worker is sending it: its lease. */
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

export interface DB {
  admins: AdminsTable;
  roles: RolesTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_invites: AdminInvitesTable;
  admin_sessions: AdminSessionsTable;
  password_resets: PasswordResetsTable;
  categories: CategoriesTable;
  languages: LanguagesTable;
  users: UsersTable;
  influencer_requests: InfluencerRequestsTable;
  video_calls: VideoCallsTable;
  transactions: TransactionsTable;
  refunds: RefundsTable;
  payout_requests: PayoutRequestsTable;
  payouts: PayoutsTable;
  payment_methods: PaymentMethodsTable;
  discount_codes: DiscountCodesTable;
  redemptions: RedemptionsTable;
  email_templates: EmailTemplatesTable;
  notifications: NotificationsTable;
  seed_runs: SeedRunsTable;
  list_counts: ListCountsTable;
  list_hour_counts: ListHourCountsTable;
  list_totals: ListTotalsTable;
  audit_log: AuditLogTable;
  transaction_totals: TransactionTotalsTable;
  video_call_totals: VideoCallTotalsTable;
  user_totals: UserTotalsTable;
  redemption_totals: RedemptionTotalsTable;
  payer_totals: PayerTotalsTable;
  people_names: PeopleNamesTable;
  influencer_request_totals: InfluencerRequestTotalsTable;
  payout_request_totals: PayoutRequestTotalsTable;
  release_files: ReleaseFilesTable;
  release_versions: ReleaseVersionsTable;
  release_registry: ReleaseRegistryTable;
  deploy_tokens: DeployTokensTable;
  release_figures: ReleaseFiguresTable;
  email_outbox: EmailOutboxTable;
  marketplace_nonces: MarketplaceNoncesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export interface MarketplaceNoncesTable {
  key_id: string;
  nonce: string;
  seen_at: DefaultTimestamp;
}

export interface IdempotencyKeysTable {
  /** The endpoint's operation id: one key may be used once per filing call. */
  operation: string;
  key: string;
  /** SHA-256 of the raw body: the same key with another request is refused, not answered from the first. */
  request_hash: string;
  /** The first request's reply, once it has one. */
  reply: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: DefaultTimestamp;
}
