import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_LIMITS,
} from '@backoffice/shared-api/contract';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { uniqueViolation } from '../lib/db-errors';
import { recordAudit } from '../modules/audit/audit';
import { hashPassword } from '../modules/auth/passwords';
import { CliError } from './cli';

/**
 * `npm run admin -- create --email a@b.c --role owner [--first-name Ada] [--last-name Admin]`:
 * creates an admin on the database the server uses, the first one of a blank database included.
 * The password comes from standard input only (a prompt with echo off, or the first line piped
 * in), never from an argument, which `ps` and shell history would show; it is never printed.
 */

const USAGE = `Usage: npm run admin -- create --email <address> --role <role> [--first-name <name>] [--last-name <name>]

Creates an admin on the server's database: PostgreSQL when DATABASE_URL is set, otherwise the
embedded one in DATA_DIR (stop the server first: only one process may open it).

  --email       the admin's email address, which they sign in with
  --role        a role's key or name, in any letter case (owner, finance, support, content, auditor,
                or one made in Setting -> Roles)
  --first-name  optional
  --last-name   optional

The password is asked for twice with the typing hidden, or read from the first line of standard
input when it is not a terminal:  printf '%s\\n' "$PASSWORD" | npm run admin -- create ...
It is never taken from an argument.`;

/** The shape the contract's `email` format accepts, closely enough to catch a typo before any work. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface CreateOptions {
  email: string;
  role: string;
  firstName: string;
  lastName: string;
}

function parse(argv: string[]): CreateOptions | 'help' {
  if (argv.some((a) => a === '--password' || a.startsWith('--password=') || a === '-p')) {
    throw new CliError(
      'The password is never taken from an argument (other users and the shell history could read it). ' +
        'Leave it out: the command asks for it, or reads it from standard input.',
      2,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1 || positionals[0] !== 'create') {
    const given = positionals.length ? `"${positionals.join(' ')}"` : 'no command';
    throw new CliError(`Expected the command "create", got ${given}.\n\n${USAGE}`, 2);
  }
  const email = (values.email ?? '').trim().toLowerCase();
  if (!email) throw new CliError(`--email is required.\n\n${USAGE}`, 2);
  if (email.length > 254 || !EMAIL.test(email)) throw new CliError(`"${email}" is not an email address.`, 2);
  const role = (values.role ?? '').trim();
  if (!role) throw new CliError(`--role is required.\n\n${USAGE}`, 2);
  const firstName = (values['first-name'] ?? '').trim();
  const lastName = (values['last-name'] ?? '').trim();
  for (const [flag, value] of [
    ['--first-name', firstName],
    ['--last-name', lastName],
  ] as const) {
    if (value.length > PROFILE_LIMITS.nameMax) {
      throw new CliError(`${flag} may be at most ${PROFILE_LIMITS.nameMax} characters long.`, 2);
    }
  }
  return { email, role, firstName, lastName };
}

/** The first line of standard input, when it is a pipe or a file. */
function readFirstLine(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    let line: string | undefined;
    rl.once('line', (l) => {
      line = l;
      rl.close();
    });
    rl.once('close', () => {
      // Nothing else is read: whatever follows the first line stays unread.
      process.stdin.pause();
      resolve(line);
    });
  });
}

/** Asks on the terminal with the typing not echoed; the prompt goes to stderr, stdout stays for results. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) process.stderr.write(chunk);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    let answered = false;
    rl.on('SIGINT', () => rl.close());
    rl.once('close', () => {
      process.stderr.write('\n');
      if (!answered) reject(new CliError('Cancelled: nothing was changed.'));
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readFirstLine();
    // A file written on Windows ends its lines with \r\n.
    const password = line?.replace(/\r$/, '');
    if (!password) {
      throw new CliError(
        'No password on standard input. Pipe it in as the first line, or run the command in a terminal to be asked.',
      );
    }
    return password;
  }
  const first = await askHidden('Password for the new admin: ');
  checkPolicy(first);
  const again = await askHidden('The same password again: ');
  if (again !== first) throw new CliError('The two passwords do not match: nothing was changed.');
  return first;
}

/** The server's rules for a password, with the same words. */
function checkPolicy(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CliError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long: nothing was changed.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new CliError(`The password may be at most ${PASSWORD_MAX_LENGTH} characters long: nothing was changed.`);
  }
  if (password === DEFAULT_ADMIN_PASSWORD)
    throw new CliError(`${AUTH_MESSAGES.defaultPasswordRefused} Nothing was changed.`);
}

async function open(): Promise<{ database: Database; publicUrl: string; secondFactor: 'required' | 'offered' }> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  if (!config.databaseUrl && config.embeddedStorage === 'memory') {
    throw new CliError('EMBEDDED_DB=memory keeps nothing once this command ends: unset it, or set DATABASE_URL.');
  }
  try {
    // The server's own way in: the same configuration, and the migrations first, so that a blank
    // database gets its tables and seeded roles before its first admin.
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return { database, publicUrl: config.publicUrl, secondFactor: config.secondFactor };
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      throw new CliError(
        `The embedded database in ${e.dataDir} is in use by a running server` +
          (e.ownerPid ? ` (pid ${e.ownerPid})` : '') +
          '. Stop the server, run this command again, then start the server.',
      );
    }
    throw new CliError(`Could not open the database: ${(e as Error).message}`);
  }
}

const exists = (email: string) => new CliError(`An admin with the email ${email} already exists: nothing was changed.`);

async function create(opts: CreateOptions): Promise<void> {
  // A piped password is read and checked before the database opens: a wrong one costs nothing. One
  // typed at a prompt is asked for after the checks below, so nobody types one to hear the email is taken.
  const piped = process.stdin.isTTY ? undefined : await readPassword();
  if (piped !== undefined) checkPolicy(piped);
  const { database, publicUrl, secondFactor } = await open();
  const { db } = database;
  try {
    const roles = await db.selectFrom('roles').select(['id', 'key', 'name', 'requires_second_factor']).execute();
    const wanted = opts.role.toLowerCase();
    const role = roles.find((r) => r.key?.toLowerCase() === wanted || r.name.toLowerCase() === wanted);
    if (!role) {
      const valid = roles
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((r) => `  ${r.key ?? r.name}${r.key ? ` (${r.name})` : ''}`);
      throw new CliError(`There is no role "${opts.role}". The roles are:\n${valid.join('\n')}`);
    }
    if (await db.selectFrom('admins').select('id').where('email', '=', opts.email).executeTakeFirst()) {
      throw exists(opts.email);
    }

    const password = piped ?? (await readPassword());
    checkPolicy(password);
    const passwordHash = await hashPassword(password);

    try {
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('admins')
          .values({
            email: opts.email,
            // The profile screen asks for both names; an admin made without them fills them in there.
            first_name: opts.firstName,
            last_name: opts.lastName,
            password_hash: passwordHash,
            role_id: role.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          action: 'admin.created',
          actorId: null,
          actorEmail: 'cli',
          recordType: 'admin',
          recordId: id,
          after: { email: opts.email, role: role.name, firstName: opts.firstName, lastName: opts.lastName },
        });
      });
    } catch (e) {
      if (uniqueViolation(e) === 'admins_email_key') throw exists(opts.email);
      throw e;
    }
    const lines = [`Created the admin ${opts.email} with the role ${role.name}.`, `Sign in at ${publicUrl}`];
    if (role.requires_second_factor && secondFactor === 'required') {
      lines.push('At the first sign-in they set up two-factor sign-in with an authenticator app.');
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const opts = parse(argv);
    if (opts === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    await create(opts);
    return 0;
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`${e.message}\n`);
      return e.exitCode;
    }
    // Not the error object itself: nothing the command holds (the password) may reach the output.
    process.stderr.write(`The admin could not be created: ${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}

// Exits at once: a standard input left open by whoever piped the password must not hold it.
void main(process.argv.slice(2)).then((code) => process.exit(code));
