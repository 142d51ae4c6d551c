import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of spec section 3. Money is integer cents; enums are checked by the database too,
 * so a bug in one writer cannot store a value the contract does not know. Written for PostgreSQL 15
 * (the oldest we test) and run unchanged on PGlite (PostgreSQL 18).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);

  await sql`
    CREATE TABLE admins (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email citext NOT NULL UNIQUE,
      password_hash text NOT NULL,
      bio text NOT NULL DEFAULT '',
      main_profile_picture text NOT NULL DEFAULT '',
      time_zone text NOT NULL DEFAULT 'UTC',
      is_email_verified boolean NOT NULL DEFAULT true,
      availability_status char(1) NOT NULL DEFAULT '0' CHECK (availability_status IN ('0', '1')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE admin_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX admin_sessions_admin ON admin_sessions (admin_id) WHERE revoked_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE categories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE languages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      user_name citext NOT NULL UNIQUE,
      email citext NOT NULL UNIQUE,
      display_name text NOT NULL DEFAULT '',
      is_influencer boolean NOT NULL DEFAULT false,
      is_email_verified boolean NOT NULL DEFAULT false,
      time_zone text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      is_18_plus boolean NOT NULL DEFAULT false,
      accept_terms boolean NOT NULL DEFAULT false,
      accept_privacy boolean NOT NULL DEFAULT false,
      accept_influencer_terms boolean NOT NULL DEFAULT false,
      photo_id text NOT NULL DEFAULT '',
      picture_id text NOT NULL DEFAULT '',
      gender smallint CHECK (gender BETWEEN 1 AND 4),
      call_charges_per_min_cents integer NOT NULL DEFAULT 0 CHECK (call_charges_per_min_cents >= 0),
      dob date,
      country char(2),
      state text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      zip_code text NOT NULL DEFAULT '',
      call_duration_in_min integer NOT NULL DEFAULT 0 CHECK (call_duration_in_min >= 0),
      main_profile_picture text NOT NULL DEFAULT '',
      profile_picture_one text NOT NULL DEFAULT '',
      profile_picture_two text NOT NULL DEFAULT '',
      address text NOT NULL DEFAULT '',
      bio text NOT NULL DEFAULT '',
      search_keywords text[] NOT NULL DEFAULT '{}',
      spoken_language uuid[] NOT NULL DEFAULT '{}',
      social_media jsonb NOT NULL DEFAULT '[{"url": "", "type": null}]',
      category uuid[] NOT NULL DEFAULT '{}',
      display_full_name boolean NOT NULL DEFAULT false,
      status char(1) NOT NULL DEFAULT '1' CHECK (status IN ('0', '1')),
      last_login_at timestamptz,
      last_logout_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Each list sort has an index that ends in id, so that ties page stably.
  await sql`CREATE INDEX users_role_created ON users (is_influencer, created_at, id)`.execute(db);
  await sql`CREATE INDEX users_role_user_name ON users (is_influencer, user_name, id)`.execute(db);
  await sql`CREATE INDEX users_role_display_name ON users (is_influencer, display_name, id)`.execute(db);
  await sql`CREATE INDEX users_role_email ON users (is_influencer, email, id)`.execute(db);
  await sql`CREATE INDEX users_user_name_trgm ON users USING gin ((user_name::text) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_display_name_trgm ON users USING gin (display_name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_email_trgm ON users USING gin ((email::text) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE influencer_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text NOT NULL DEFAULT '',
      decided_by uuid REFERENCES admins(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX influencer_requests_one_pending ON influencer_requests (user_id) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX influencer_requests_status_updated ON influencer_requests (status, updated_at, id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE video_calls (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      host_id uuid NOT NULL REFERENCES users(id),
      receiver_id uuid NOT NULL REFERENCES users(id),
      status text NOT NULL CHECK (status IN ('Requested', 'Cancelled', 'Accepted', 'Missed', 'Ongoing', 'Completed', 'Rejected')),
      started_at timestamptz,
      -- The epoch while a call is ongoing (spec section 4); null when it never started.
      ended_at timestamptz,
      transaction_total_cents integer NOT NULL DEFAULT 0 CHECK (transaction_total_cents >= 0),
      earn_amount_cents integer NOT NULL DEFAULT 0 CHECK (earn_amount_cents >= 0),
      refunded_amount_cents integer NOT NULL DEFAULT 0 CHECK (refunded_amount_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX video_calls_created ON video_calls (created_at, id)`.execute(db);
  await sql`CREATE INDEX video_calls_status_created ON video_calls (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX video_calls_host_created ON video_calls (host_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX video_calls_receiver_created ON video_calls (receiver_id, created_at, id)`.execute(db);

  await sql`
    CREATE TABLE transactions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      transaction_id text NOT NULL UNIQUE,
      order_id text,
      user_id uuid NOT NULL REFERENCES users(id),
      influencer_id uuid REFERENCES users(id),
      video_call_id uuid REFERENCES video_calls(id),
      type text NOT NULL CHECK (type IN ('video_call', 'wallet_top_up', 'tip', 'refund')),
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
      preference text NOT NULL DEFAULT '',
      query text NOT NULL DEFAULT '',
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      payable_amount_cents integer NOT NULL CHECK (payable_amount_cents >= 0),
      hold_amount_cents integer NOT NULL DEFAULT 0 CHECK (hold_amount_cents >= 0),
      released_amount_cents integer NOT NULL DEFAULT 0 CHECK (released_amount_cents >= 0),
      earning_cents integer NOT NULL DEFAULT 0 CHECK (earning_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (payable_amount_cents <= amount_cents)
    )`.execute(db);
  await sql`CREATE INDEX transactions_created ON transactions (created_at, id)`.execute(db);
  await sql`CREATE INDEX transactions_user_created ON transactions (user_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX transactions_influencer_created ON transactions (influencer_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX transactions_call ON transactions (video_call_id)`.execute(db);
  await sql`CREATE INDEX transactions_transaction_id_trgm ON transactions USING gin (transaction_id gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id),
      transaction_id uuid REFERENCES transactions(id),
      video_call_id uuid REFERENCES video_calls(id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      transfer_to text NOT NULL CHECK (transfer_to IN ('wallet', 'original_payment_method', 'bank_account')),
      status text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX refunds_user_created ON refunds (user_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX refunds_created ON refunds (created_at, id)`.execute(db);
  await sql`CREATE INDEX refunds_order_id_trgm ON refunds USING gin (order_id gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE payout_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      influencer_id uuid NOT NULL REFERENCES users(id),
      transaction_id uuid REFERENCES transactions(id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      payable_amount_cents integer NOT NULL CHECK (payable_amount_cents > 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text NOT NULL DEFAULT '',
      decided_by uuid REFERENCES admins(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (payable_amount_cents <= amount_cents)
    )`.execute(db);
  await sql`CREATE INDEX payout_requests_status_created ON payout_requests (status, created_at, id)`.execute(db);
  await sql`CREATE INDEX payout_requests_influencer ON payout_requests (influencer_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- One payout per request at most: the database itself refuses a second payment.
      payout_request_id uuid NOT NULL UNIQUE REFERENCES payout_requests(id),
      influencer_id uuid NOT NULL REFERENCES users(id),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      approved_by uuid REFERENCES admins(id),
      reference text NOT NULL,
      paid_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payouts_paid ON payouts (paid_at, id)`.execute(db);

  await sql`
    CREATE TABLE payment_methods (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name citext NOT NULL UNIQUE,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE discount_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code_name citext NOT NULL UNIQUE,
      type text NOT NULL CHECK (type IN ('wallet_top_up', 'first_paid_call', 'refferal', 'signup', 'influencer_discount_code', 'promo_code')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      redeem_limit integer NOT NULL CHECK (redeem_limit > 0),
      -- Kept with each redemption in the same transaction, so the limit check needs no count.
      total_redeem integer NOT NULL DEFAULT 0 CHECK (total_redeem >= 0),
      status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
      influencer_id uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (total_redeem <= redeem_limit)
    )`.execute(db);
  await sql`CREATE INDEX discount_codes_created ON discount_codes (created_at, id)`.execute(db);
  await sql`CREATE INDEX discount_codes_code_name_trgm ON discount_codes USING gin ((code_name::text) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE redemptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      discount_code_id uuid REFERENCES discount_codes(id),
      user_id uuid REFERENCES users(id),
      discount_amount_cents integer NOT NULL DEFAULT 0 CHECK (discount_amount_cents >= 0),
      status text NOT NULL DEFAULT 'Inactive' CHECK (status IN ('Active', 'Inactive')),
      redeemed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX redemptions_created ON redemptions (created_at, id)`.execute(db);
  await sql`CREATE INDEX redemptions_code_created ON redemptions (discount_code_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX redemptions_user_created ON redemptions (user_id, created_at, id)`.execute(db);

  await sql`
    CREATE TABLE email_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL UNIQUE,
      name text NOT NULL,
      subject text NOT NULL,
      content text NOT NULL,
      placeholders text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      -- Holds the {{senderName}} placeholder; the sender's display name replaces it when shown.
      description text NOT NULL,
      type text NOT NULL DEFAULT 'general',
      sender_id uuid REFERENCES users(id),
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notifications_created ON notifications (created_at, id)`.execute(db);
  await sql`CREATE INDEX notifications_unread ON notifications (created_at) WHERE NOT is_read`.execute(db);

  // Marks a completed demo seed; written in the seed's own transaction, so a seed killed half way
  // leaves no marker and the next start seeds again from nothing.
  await sql`
    CREATE TABLE seed_runs (
      name text PRIMARY KEY,
      scale double precision NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'seed_runs',
    'notifications',
    'email_templates',
    'redemptions',
    'discount_codes',
    'payment_methods',
    'payouts',
    'payout_requests',
    'refunds',
    'transactions',
    'video_calls',
    'influencer_requests',
    'users',
    'languages',
    'categories',
    'password_resets',
    'admin_sessions',
    'admins',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)} CASCADE`.execute(db);
  }
}
