import { sql, type Kysely } from 'kysely';

/**
 * What makes a marketplace call count once, whichever instance receives it. Nonces seen inside the
 * signature's time window: a replayed request is refused by every instance, not only the one that
 * saw it first. Idempotency keys of the filing calls: a retry after a lost reply gets the first
 * reply back instead of filing a second record. Both are short-lived and swept by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('marketplace_nonces')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('marketplace_nonces_pkey', ['key_id', 'nonce'])
    .execute();
  await db.schema.createIndex('marketplace_nonces_seen_at').on('marketplace_nonces').column('seen_at').execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // null while the first request is still being handled
    .addColumn('reply', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['operation', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('marketplace_nonces').execute();
}
