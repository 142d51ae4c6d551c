import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { auditLogIsChained, auditLogProtectionProblems, verifyAuditLog } from '../modules/audit/verify';

/*
 * `npm run audit -- verify`: checks the audit log's hash chain on the database the server is
 * configured with (DATABASE_URL, or the embedded one in DATA_DIR), without changing anything.
 * Exit codes: 0 intact, 1 broken (or its protection switched off), 2 could not check.
 */

const USAGE = `Usage: npm run audit -- verify

  Checks that no audit log entry was changed or deleted since it was written: walks the hash
  chain of every entry and prints "Audit log intact: N entries", or the first entry whose chain is
  broken. Reads the database the server is configured with: DATABASE_URL, else the embedded
  database in DATA_DIR (default .data at the repository's root).`;

/** Why the check could not run: printed as is, exit code 2. */
class CannotCheck extends Error {}

async function open(env: NodeJS.ProcessEnv): Promise<{ database: Database; where: string }> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (e) {
    throw new CannotCheck(e instanceof Error ? e.message : String(e));
  }
  if (config.databaseUrl) {
    return {
      database: await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false }),
      where: 'PostgreSQL (DATABASE_URL)',
    };
  }
  if (config.embeddedStorage === 'memory') {
    throw new CannotCheck(
      "EMBEDDED_DB=memory keeps the database in the server's memory only: there is nothing on disk to verify.",
    );
  }
  // Opening a folder with no database would create an empty one, which would read as intact.
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new CannotCheck(
      `There is no embedded database in ${config.dataDir}. Set DATA_DIR to the server's data directory, ` +
        'or DATABASE_URL to its PostgreSQL database.',
    );
  }
  try {
    return {
      database: await openDatabase({ dataDir: config.dataDir, migrate: false }),
      where: `embedded PGlite in ${config.dataDir}`,
    };
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    throw new CannotCheck(
      `The embedded database in ${config.dataDir} is in use by a running server` +
        (e.ownerPid === null ? '' : ` (pid ${e.ownerPid})`) +
        '. An embedded database can be opened by one process at a time: stop the server and run this ' +
        'again, or verify a copy of the data directory (DATA_DIR=/path/to/copy npm run audit -- verify). ' +
        'On PostgreSQL (DATABASE_URL) the check runs while the servers do.',
    );
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** Runs the command; returns the exit code. Output goes to `out` and `err` (the console's streams). */
export async function runAuditCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => console.log(line),
  err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'verify') {
    err(args.length === 0 || args.includes('--help') ? USAGE : `Unknown command "${args.join(' ')}".\n\n${USAGE}`);
    return args.includes('--help') ? 0 : 2;
  }
  let opened: { database: Database; where: string };
  try {
    opened = await open(env);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    err(e instanceof CannotCheck ? message : `The database could not be opened: ${message}`);
    return 2;
  }
  const { database, where } = opened;
  try {
    err(`Checking the audit log of ${where}`);
    if (!(await auditLogIsChained(database.db))) {
      err(
        'This database has no audit chain yet (migration 0019_audit_append_only has not run): start the ' +
          'server of this version once, which migrates it, then verify.',
      );
      return 2;
    }
    let reported = 0;
    const result = await verifyAuditLog(database.db, {
      // a line now and then, so that a log of millions does not look hung
      progress: (checked) => {
        if (checked - reported >= 1_000_000) {
          reported = checked;
          err(`  ${count(checked)} entries checked…`);
        }
      },
    });
    const problems = await auditLogProtectionProblems(database.db);
    if (!result.intact) {
      const b = result.broken;
      out(`Audit log broken at entry ${count(b.seq)}: ${b.problem}.`);
      out(`  id ${b.id}, sequence ${b.seq}, written ${b.createdAt}, action ${b.action}`);
      out(`  The ${count(result.entries)} entries before it are intact.`);
    } else {
      out(`Audit log intact: ${count(result.entries)} entries`);
      if (result.last) {
        // Written down elsewhere, this shows later that no entry was cut off the end of the log.
        out(`  last entry ${count(result.last.seq)}, written ${result.last.createdAt}, chain hash ${result.last.hash}`);
      }
    }
    for (const p of problems) out(`The database does not protect the audit log: ${p}.`);
    return result.intact && problems.length === 0 ? 0 : 1;
  } catch (e) {
    err(`The audit log could not be checked: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  void runAuditCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
