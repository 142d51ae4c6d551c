import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import * as initial from './0001_initial';
import * as people from './0002_people';
import * as payments from './0003_payments';
import * as catalog from './0004_catalog';
import * as dashboard from './0005_dashboard';
import * as dailyTotals from './0006_daily_totals';
import * as listCounts from './0007_list_counts';
import * as payoutRequestSorts from './0008_payout_request_sorts';
import * as redemptionSorts from './0009_redemption_sorts';
import * as requestSorts from './0010_request_sorts';
import * as listTotals from './0011_list_totals';
import * as discountCodeCounts from './0012_discount_code_counts';
import * as auditLog from './0013_audit_log';
import * as payoutEarnings from './0014_payout_earnings';
import * as sessionSecurity from './0015_session_security';
import * as auditLogCounts from './0016_audit_log_counts';
import * as adminTeam from './0017_admin_team';
import * as secondFactor from './0018_second_factor';
import * as auditAppendOnly from './0019_audit_append_only';
import * as credentialsReset from './0020_credentials_reset';
import * as releases from './0021_releases';
import * as releaseRegistryNotify from './0022_release_registry_notify';
import * as emailOutbox from './0023_email_outbox';
import * as marketplaceCalls from './0024_marketplace_calls';
import * as listHourCounts from './0025_list_hour_counts';
import * as listCountsByDay from './0026_list_counts_by_day';
import * as peopleNames from './0027_people_names';
import * as personRowIndexes from './0028_person_row_indexes';
import * as walkIndexes from './0029_walk_indexes';
import * as peopleNamesLoweredRoles from './0030_people_names_lowered_roles';
import * as releaseFileEncodings from './0031_release_file_encodings';
import * as peopleNamesListed from './0032_people_names_listed';
import * as peopleNamesListSearch from './0033_people_names_list_search';

/** Migrations in the order they run; names never change once released. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_people': people,
  '0003_payments': payments,
  '0004_catalog': catalog,
  '0005_dashboard': dashboard,
  '0006_daily_totals': dailyTotals,
  '0007_list_counts': listCounts,
  '0008_payout_request_sorts': payoutRequestSorts,
  '0009_redemption_sorts': redemptionSorts,
  '0010_request_sorts': requestSorts,
  '0011_list_totals': listTotals,
  '0012_discount_code_counts': discountCodeCounts,
  '0013_audit_log': auditLog,
  '0014_payout_earnings': payoutEarnings,
  '0015_session_security': sessionSecurity,
  '0016_audit_log_counts': auditLogCounts,
  '0017_admin_team': adminTeam,
  '0018_second_factor': secondFactor,
  '0019_audit_append_only': auditAppendOnly,
  '0020_credentials_reset': credentialsReset,
  '0021_releases': releases,
  '0022_release_registry_notify': releaseRegistryNotify,
  '0023_email_outbox': emailOutbox,
  '0024_marketplace_calls': marketplaceCalls,
  '0025_list_hour_counts': listHourCounts,
  '0026_list_counts_by_day': listCountsByDay,
  '0027_people_names': peopleNames,
  '0028_person_row_indexes': personRowIndexes,
  '0029_walk_indexes': walkIndexes,
  '0030_people_names_lowered_roles': peopleNamesLoweredRoles,
  '0031_release_file_encodings': releaseFileEncodings,
  '0032_people_names_listed': peopleNamesListed,
  '0033_people_names_list_search': peopleNamesListSearch,
};

const MIGRATION_TABLE = 'kysely_migration';

/** This release's migrations by name, in the order they run. */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

/** The last migration of this release: a database without it is not one this release can serve. */
export const LATEST_MIGRATION = MIGRATION_NAMES.at(-1)!;

/**
 * Throws unless the database has run this release's last migration: a database recreated empty
 * under a running server, or one a release step has not migrated yet, is not ready to serve.
 */
export async function checkSchema(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM ${sql.table(MIGRATION_TABLE)} WHERE name = ${LATEST_MIGRATION}`
    .execute(db)
    .catch((e: { code?: string }) => {
      if (e.code === '42P01') throw new Error('no schema (run the migrations, or restore a backup)');
      throw e;
    });
  if (!rows.length) throw new Error(`migration ${LATEST_MIGRATION} has not run (npm run migrate -- up)`);
}

/** What this release knows of a database's migrations. */
export interface MigrationStatus {
  /** This release's migrations, each with when it ran (null: not yet). */
  known: Array<{ name: string; executedAt: Date | null }>;
  /** Migrations the database ran that this release does not have: a newer release ran them. */
  newer: string[];
}

async function executedMigrations(db: Kysely<unknown>): Promise<Array<{ name: string; timestamp: string }>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string; timestamp: string }>`
    SELECT name, timestamp FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(db);
  return rows.rows;
}

/**
 * This release's migrations, plus a no-op for each one a newer release ran: a release rolled back
 * starts on the database its successor migrated. Migrations expand the schema first and contract it
 * a release later, so the older code still finds what it uses; what it does not know is a warning.
 */
async function providerFor(db: Kysely<unknown>): Promise<{ provider: MigrationProvider; newer: string[] }> {
  const newer = (await executedMigrations(db)).map((m) => m.name).filter((name) => !(name in migrations));
  const all: Record<string, Migration> = { ...migrations };
  for (const name of newer) all[name] = { up: async () => undefined };
  return { provider: { getMigrations: async () => all }, newer };
}

export async function migrationStatus(db: Kysely<unknown>): Promise<MigrationStatus> {
  const ran = new Map((await executedMigrations(db)).map((m) => [m.name, m.timestamp]));
  return {
    known: Object.keys(migrations)
      .sort()
      .map((name) => ({ name, executedAt: ran.has(name) ? new Date(ran.get(name)!) : null })),
    newer: [...ran.keys()].filter((name) => !(name in migrations)),
  };
}

const failure = (results: readonly MigrationResult[] | undefined, error: unknown) => {
  const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
  return new Error(`Database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
};

/**
 * Brings the schema up to date. Safe to run at every start and from several instances at once:
 * Kysely records what ran and takes an advisory lock while it migrates. `warn` hears of migrations
 * a newer release ran (this one leaves them as they are).
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  warn: (message: string) => void = () => undefined,
): Promise<string[]> {
  const { provider, newer } = await providerFor(db);
  if (newer.length) {
    warn(
      `The database has migrations this release does not know (${newer.join(', ')}): a newer release ran them. ` +
        'It is left as it is; this release runs on it.',
    );
  }
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw failure(results, error);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Undoes this release's last migration that ran. One a newer release ran is refused: only that
 * release knows how to undo it.
 */
export async function migrateDown(db: Kysely<unknown>): Promise<string | undefined> {
  const executed = await executedMigrations(db);
  const last = executed[executed.length - 1];
  if (!last) return undefined;
  if (!(last.name in migrations)) {
    throw new Error(
      `The last migration, ${last.name}, was run by a newer release: undo it with that release's npm run migrate -- down`,
    );
  }
  const { provider } = await providerFor(db);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateDown();
  if (error) throw failure(results, error);
  return results?.find((r) => r.status === 'Success')?.migrationName;
}
