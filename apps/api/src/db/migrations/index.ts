import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. Safe to run at every start and from several instances at once:
 * Kysely records what ran and takes an advisory lock while it migrates.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
