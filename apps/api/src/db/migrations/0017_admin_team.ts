import { sql, type Kysely } from 'kysely';

/**
 * The roles every install starts with, as they were when this migration was written (a migration
 * never changes once released: later changes to a seeded role are migrations of their own). An
 * Owner may do everything, whatever permissions come later: the server reads its key, not this list.
 */
const SEEDED = [
  { key: 'owner', name: 'Owner', secondFactor: true, permissions: [] as string[] },
  {
    key: 'finance',
    name: 'Finance',
    secondFactor: true,
    permissions: ['dashboard.read', 'payments.read', 'payments.write', 'payments.export', 'payouts.decide'],
  },
  {
    key: 'support',
    name: 'Support',
    secondFactor: false,
    permissions: [
      'dashboard.read',
      'people.read',
      'people.write',
      'calls.read',
      'payments.read',
      'notifications.read',
      'notifications.send',
    ],
  },
  {
    key: 'content',
    name: 'Content',
    secondFactor: false,
    permissions: [
      'dashboard.read',
      'catalog.read',
      'catalog.write',
      'templates.edit',
      'notifications.read',
      'notifications.send',
    ],
  },
  {
    key: 'auditor',
    name: 'Auditor',
    secondFactor: false,
    permissions: [
      'dashboard.read',
      'people.read',
      'calls.read',
      'payments.read',
      'catalog.read',
      'notifications.read',
      'audit.read',
      'admins.read',
    ],
  },
];

/**
 * A team of admins (issue 28): roles as data (what each may do, whether it needs a second factor),
 * each admin's role and status, invitations, the second factor and its recovery codes, and what a
 * session was opened from. Every admin of an install that had none of this becomes an Owner: they
 * could do everything before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE roles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text UNIQUE,
      name citext NOT NULL UNIQUE,
      permissions text[] NOT NULL DEFAULT '{}',
      requires_second_factor boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  for (const r of SEEDED) {
    await sql`
      INSERT INTO roles (key, name, permissions, requires_second_factor)
      VALUES (${r.key}, ${r.name}, ${sql.val(r.permissions)}::text[], ${r.secondFactor})`.execute(db);
  }

  await sql`ALTER TABLE admins ADD COLUMN role_id uuid REFERENCES roles(id)`.execute(db);
  await sql`UPDATE admins SET role_id = (SELECT id FROM roles WHERE key = 'owner')`.execute(db);
  await sql`ALTER TABLE admins ALTER COLUMN role_id SET NOT NULL`.execute(db);
  await sql`
    ALTER TABLE admins
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      ADD COLUMN invited_by uuid REFERENCES admins(id),
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint`.execute(db);
  await sql`CREATE INDEX admins_role ON admins (role_id)`.execute(db);
  // The Admins list: newest first, by name, by email (admins_email_key, email being unique), each a
  // walk of one index; its search matches email and "first last" through trigram indexes written
  // exactly as the query writes them (modules/admins/admins.ts), as the people lists do.
  await sql`CREATE INDEX admins_created ON admins (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX admins_name ON admins (first_name, last_name, id)`.execute(db);
  await sql`CREATE INDEX admins_email_trgm ON admins USING gin ((email::text) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX admins_full_name_trgm ON admins USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE admin_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX admin_recovery_codes_admin ON admin_recovery_codes (admin_id) WHERE used_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE admin_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email citext NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      role_id uuid NOT NULL REFERENCES roles(id),
      invited_by uuid NOT NULL REFERENCES admins(id),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      cancelled_at timestamptz,
      admin_id uuid REFERENCES admins(id)
    )`.execute(db);
  // One open invitation per address: a second invite replaces the first (resend).
  await sql`
    CREATE UNIQUE INDEX admin_invites_open_email ON admin_invites (email)
    WHERE accepted_at IS NULL AND cancelled_at IS NULL`.execute(db);

  await sql`
    ALTER TABLE admin_sessions
      ADD COLUMN user_agent text NOT NULL DEFAULT '',
      ADD COLUMN ip text NOT NULL DEFAULT '',
      ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN second_factor_enrollment_required boolean NOT NULL DEFAULT false`.execute(db);
  // Sessions open before this migration were last seen, as far as anyone knows, when they began.
  await sql`UPDATE admin_sessions SET last_seen_at = created_at`.execute(db);
  // An admin's last activity (the Admins list) is the newest last_seen_at of their sessions: one
  // probe of this index per row of a page. Revoked sessions count: they were active then.
  await sql`CREATE INDEX admin_sessions_admin_seen ON admin_sessions (admin_id, last_seen_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS admin_sessions_admin_seen`.execute(db);
  await sql`
    ALTER TABLE admin_sessions
      DROP COLUMN second_factor_enrollment_required,
      DROP COLUMN last_seen_at,
      DROP COLUMN ip,
      DROP COLUMN user_agent`.execute(db);
  await sql`DROP TABLE IF EXISTS admin_invites`.execute(db);
  await sql`DROP TABLE IF EXISTS admin_recovery_codes`.execute(db);
  for (const name of ['admins_full_name_trgm', 'admins_email_trgm', 'admins_name', 'admins_created']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS admins_role`.execute(db);
  await sql`
    ALTER TABLE admins
      DROP COLUMN totp_last_step,
      DROP COLUMN totp_enabled_at,
      DROP COLUMN totp_secret,
      DROP COLUMN invited_by,
      DROP COLUMN status,
      DROP COLUMN role_id`.execute(db);
  await sql`DROP TABLE IF EXISTS roles`.execute(db);
}
