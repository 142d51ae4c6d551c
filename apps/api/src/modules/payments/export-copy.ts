import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, PostgresQueryCompiler, createQueryId, sql, type Kysely, type RawBuilder } from 'kysely';
import { escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { TRANSACTION_EXPORT_COLUMNS } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { countRows, direction } from '../../lib/list';
import { csvRow } from './csv';
import {
  filteredTransactions,
  transactionRows,
  transactionSortColumns,
  type TransactionSelection,
} from './transactions';

/*
 * The transactions export on PostgreSQL: the server writes the CSV itself (COPY … TO STDOUT) and the
 * API only relays the bytes, so the rate is the database's, not that of building rows in JavaScript.
 * Every cell is computed in SQL to the very bytes csv.ts and export.ts write on the batched path
 * (which PGlite keeps): same cells, same neutralising, same dates and money; a test holds the two
 * paths equal byte for byte.
 */

/**
 * What String.prototype.trim removes, for btrim(): the payer's name is `${first} ${last}`.trim() on
 * the batched path, and PostgreSQL's btrim() alone would only remove spaces. Computed rather than
 * listed so that the set is the running engine's own.
 */
const JS_WHITESPACE = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
  .filter((c) => c.trim() === '')
  .join('');

/**
 * csv.ts's neutralise() in SQL: a cell starting with = + - @ tab or CR gets a leading quote mark,
 * unless it is a plain number. `[0-9]`, not `\d`, as JavaScript's \d is ASCII only; `$` is the end
 * of the text in both engines (neither is in multi-line mode).
 */
function neutralised(cell: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`CASE WHEN left(${cell}, 1) IN ('=', '+', '-', '@', chr(9), chr(13))
    AND ${cell} !~ '^[+-]?[0-9]+([.][0-9]+)?$' THEN '''' || ${cell} ELSE ${cell} END`;
}

/** dollarsFromCents(c).toFixed(2): exact, as an integer times 0.01 in numeric has two decimals. */
const money = (cents: RawBuilder<unknown>) => sql<string>`(${cents} * 0.01)::text`;

/**
 * The export's SELECT: the list's selection, joins and order (the same builders the batched path and
 * the list use), with the ten cells of TRANSACTION_EXPORT_COLUMNS instead of the row's columns.
 * Dates are written in the session's time zone, which the export sets to the admin's.
 *
 * Only the cells that can hold text someone typed go through neutralised(): a call id (a uuid: hex
 * digits and dashes), a date (to_char starts it with the year) and money (a number, which
 * neutralise() leaves alone) never start with a formula character, and testing them anyway would
 * evaluate to_char and the numerics twice per row, a third of the COPY's time.
 */
function exportSelect(db: Kysely<DB>, q: TransactionSelection) {
  const cells: RawBuilder<string>[] = [
    sql`coalesce(t.video_call_id::text, '')`,
    neutralised(sql`coalesce(nullif(btrim(u.first_name || ' ' || u.last_name, ${JS_WHITESPACE}), ''), u.display_name)`),
    neutralised(sql`u.email::text`),
    sql`to_char(t.created_at, 'YYYY-MM-DD HH24:MI')`,
    money(sql`t.hold_amount_cents`),
    money(sql`t.released_amount_cents`),
    money(sql`t.earning_cents`),
    neutralised(sql`t.type::text`),
    neutralised(sql`t.transaction_id::text`),
    neutralised(sql`t.status::text`),
  ];
  let rows = transactionRows(filteredTransactions(db, q))
    .clearSelect()
    .select(cells.map((c, i) => c.as(`c${i}`)));
  for (const c of transactionSortColumns(q.sortBy)) rows = rows.orderBy(c, direction(q.sortOrder));
  return rows;
}

/** A value as the SQL literal node-postgres's bind parameter would have carried. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
  else throw new TypeError(`the export cannot write ${typeof value} ${String(value)} into its COPY statement`);
  // The protocol ends the statement text at a NUL; as a parameter it would be refused anyway.
  if (text.includes('\0')) throw new TypeError('the export cannot write a NUL character into its COPY statement');
  return escapeLiteral(text);
}

/**
 * Kysely's PostgreSQL compiler, writing each value as a quoted literal where it would have written
 * `$n`. COPY takes no bind parameters, so the values must be in the text. The choice, and why:
 * - Not a server-side prepared statement or function: COPY cannot run an EXECUTE, and a function
 *   returning the rows would be planned once, blind to the values (a search and a date range make
 *   very different plans), and a set-returning SQL function that is not inlined materialises its
 *   whole result before the first row comes out, which is what streaming is meant to avoid.
 * - Not replacing `$n` in the compiled text: that needs a SQL lexer to tell a placeholder from the
 *   same characters inside a string, an identifier or a comment. Here no text is ever searched: each
 *   value is emitted at the one point where the compiler emits a parameter.
 * - Each literal is pg's escapeLiteral of the text node-postgres would have sent: quotes doubled and,
 *   when there is a backslash, an E'' literal with backslashes doubled, which reads the same whatever
 *   standard_conforming_strings is. Left untyped ('…', not '…'::text), it takes its type from where it
 *   stands, exactly as the untyped parameters node-postgres sends do, so the WHERE means what the
 *   list's does. The statement also runs in a READ ONLY transaction: even a flaw here could not write.
 */
class LiteralCompiler extends PostgresQueryCompiler {
  protected override appendValue(value: unknown): void {
    this.append(literal(value));
  }
}

/** The COPY statement of a selection; `tag` marks it in pg_stat_activity for a cancel (see below). */
function exportCopySql(db: Kysely<DB>, q: TransactionSelection, tag: string): string {
  const compiled = new LiteralCompiler().compileQuery(exportSelect(db, q).toOperationNode(), createQueryId());
  if (compiled.parameters.length > 0) throw new Error('the export COPY statement was left with bind parameters');
  return `${tag}COPY (${compiled.sql}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`;
}

/**
 * COPY ends each record with LF alone; the file's records end with CRLF (RFC 4180, csv.ts). A line
 * feed ends a record only outside quotes, and a quote toggles that state (a doubled quote toggles it
 * twice). Bytes are safe to scan one by one in UTF-8: no byte of a multi-byte character is a quote or
 * a line feed. The state carries over from chunk to chunk, as a record can be split anywhere.
 */
class CsvRecordEnds extends Transform {
  private inQuotes = false;

  constructor(prefix: string) {
    super();
    this.push(Buffer.from(prefix));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let inQuotes = this.inQuotes;
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) inQuotes = !inQuotes;
      else if (c === 0x0a && !inQuotes) ends.push(i);
    }
    this.inQuotes = inQuotes;
    if (ends.length === 0) return done(null, chunk);
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      at += chunk.copy(out, at, from, end);
      out[at++] = 0x0d;
      out[at++] = 0x0a;
      from = end + 1;
    }
    chunk.copy(out, at, from);
    done(null, out);
  }
}

const isPostgresServer = new WeakMap<Kysely<DB>, Promise<boolean>>();

/** PGlite speaks the same SQL through the same driver, but its COPY cannot stream to a client. */
function onPostgresServer(db: Kysely<DB>): Promise<boolean> {
  let known = isPostgresServer.get(db);
  if (!known) {
    known = sql<{ v: string }>`SELECT version() AS v`
      .execute(db)
      .then(({ rows }) => !/PGlite|emscripten/i.test(rows[0]!.v));
    // A failure is not remembered: the next export asks again.
    known.catch(() => isPostgresServer.delete(db));
    isPostgresServer.set(db, known);
  }
  return known;
}

/**
 * From this share of the table, an export reads the table in its stored order and sorts what it
 * read, unless the table is stored in the export's order already.
 */
export const WHOLE_READ_SHARE = 0.1;
/** |correlation| of the date column (pg_stats) from which the table counts as stored in date order. */
export const STORED_IN_ORDER = 0.9;

/**
 * Settings for the export's own transaction (SET LOCAL: they end with it), for what the planner gets
 * wrong about an export of most of the table:
 * - It walks the sort's index to spare a sort, reckoning the rows' pages cached (effective_cache_size
 *   holds the table). Where the table is not stored in that order (rows written out of date order, a
 *   sort by an amount or a name), that walk reads each row's page on its own: at 2,000,000 rows (scale
 *   40) the COPY took 17-19 s walking the date index and 6-9 s reading the table once and sorting, on
 *   the same machine in the same minutes. Index scans are turned off only for such an export: a
 *   narrow one (a search, a short range) still finds its rows through the indexes, and a table
 *   written in date order (as production's is) is still read along its date index, in order.
 * - JIT: compiling the cells' expressions took 1.4 s of a 2,000,000-row COPY, more than it saved.
 */
async function planForWholeReads(conn: Kysely<DB>, q: TransactionSelection, total: number): Promise<void> {
  await sql`SET LOCAL jit = off`.execute(conn);
  const byDate = (q.sortBy ?? 'createdAt') === 'createdAt';
  const { rows } = await sql<{ stored: number; correlation: number | null }>`
    SELECT c.reltuples::float8 AS stored,
      (SELECT abs(s.correlation)::float8 FROM pg_stats AS s
        WHERE s.schemaname = n.nspname AND s.tablename = 'transactions' AND s.attname = 'created_at') AS correlation
    FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
    WHERE c.oid = 'transactions'::regclass`.execute(conn);
  const stored = Number(rows[0]?.stored ?? 0);
  const inOrder = byDate && Number(rows[0]?.correlation ?? 0) >= STORED_IN_ORDER;
  if (stored > 0 && total >= WHOLE_READ_SHARE * stored && !inOrder) {
    await sql`SET LOCAL enable_indexscan = off`.execute(conn);
  }
}

/** PostgreSQL's code for "invalid value for parameter": here, a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';
const QUERY_CANCELED = '57014';

export interface CopyExport {
  /** Matching rows, counted in the snapshot the COPY reads: the file has exactly this many. */
  total: number;
  /** The whole file: BOM, header row, then the records as the database writes them. */
  body: Readable;
}

/**
 * Starts the export on PostgreSQL; resolves once the COPY has been sent, with the count and the body
 * to send. Resolves null where the batched path must serve it: not a PostgreSQL server, or a time zone
 * Intl knows and PostgreSQL does not (its zone data is its own). Errors before that (a failed count)
 * reject, so that the caller answers them as ordinary JSON errors.
 *
 * One connection of the pool is held for the whole download and released when the COPY has ended
 * and its transaction is rolled back, whichever way it ended:
 * - completed: the body ends after the last record;
 * - failed in the database: the body is destroyed with the error, which makes Fastify cut the
 *   connection, so the client never sees a complete-looking file;
 * - the client went away: the COPY is cancelled (see abandon) and what it still sends is read and
 *   dropped, so that the connection goes back to the pool between statements and clean.
 */
export async function startCopyExport(
  db: Kysely<DB>,
  q: TransactionSelection,
  timeZone: string,
  log: FastifyBaseLogger,
): Promise<CopyExport | null> {
  if (!(await onPostgresServer(db))) return null;
  // Unique per export: the cancel below acts only while this very statement runs.
  const tag = `/* transactions export ${randomUUID()} */ `;
  const text = exportCopySql(db, q, tag);

  return new Promise<CopyExport | null>((resolve, reject) => {
    let started = false;
    db.connection()
      .execute(async (conn) => {
        // Repeatable read: the count and the COPY read one snapshot, so X-Total-Count is the file's
        // exact row count even while payments are being written.
        await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
        try {
          let pid: number;
          try {
            // Transaction-local: the zone goes with the ROLLBACK, never to the next user of the
            // connection. SET TimeZone reads IANA names the way Intl does, where AT TIME ZONE would
            // take 'CET' as a fixed-offset abbreviation.
            const { rows } = await sql<{
              pid: number;
            }>`SELECT pg_backend_pid() AS pid, set_config('TimeZone', ${timeZone}, true)`.execute(conn);
            pid = rows[0]!.pid;
          } catch (err) {
            if ((err as { code?: string }).code === INVALID_PARAMETER_VALUE) return resolve(null);
            throw err;
          }
          const total = await countRows(filteredTransactions(conn, q));
          await planForWholeReads(conn, q, total);

          const copy = copyTo(text);
          const body = new CsvRecordEnds(`\uFEFF${csvRow(TRANSACTION_EXPORT_COLUMNS)}`);
          // Listening before the COPY is sent: pg may report a failure on the next tick.
          const relayed = relay(copy, body, () => abandon(db, pid, tag, log), log);
          // pg takes a "submittable" (this COPY stream) wherever it takes a statement's text, and
          // Kysely hands the text to pg's client.query untouched: that is how the COPY runs on this
          // connection, the pool's own, which AppContext offers only through Kysely.
          await conn.executeQuery(CompiledQuery.raw(copy as unknown as string));
          started = true;
          resolve({ total, body });
          await relayed;
        } finally {
          await rollback(conn, log);
        }
      })
      .catch((err: unknown) => {
        if (!started) reject(err);
        else log.error({ err }, 'transactions export: the connection could not be cleaned up');
      });
  });
}

/**
 * Copies the COPY's bytes into the body until one of them ends; resolves once the COPY is over and
 * the connection between statements again.
 *
 * Not stream.pipeline: on a failure or a client gone, pipeline destroys every stream, and a destroyed
 * COPY stream stops reading the connection in the middle of the COPY, which would then never be
 * usable again. pipe() gives the same backpressure (the COPY is read only as fast as the client takes
 * the file, so memory stays flat) and lets the COPY be drained instead.
 */
function relay(copy: Readable, body: Transform, abandon: () => void, log: FastifyBaseLogger): Promise<void> {
  return new Promise<void>((resolve) => {
    let copyOver = false;
    let abandoned = false;
    copy.once('end', () => {
      copyOver = true;
      resolve();
    });
    copy.once('error', (err: Error & { code?: string }) => {
      copyOver = true;
      if (abandoned && err.code === QUERY_CANCELED) log.info('transactions export cancelled: the client went away');
      else {
        log.error({ err }, 'transactions export failed part way; the response is aborted');
        body.destroy(err);
      }
      resolve();
    });
    // The body closes before the COPY is over only when it is destroyed: the client went away (Fastify
    // destroys it then) or the COPY failed (above). pipe() has already stopped writing into it.
    body.once('close', () => {
      if (copyOver) return;
      abandoned = true;
      copy.unpipe(body);
      copy.resume();
      abandon();
    });
    copy.pipe(body);
  });
}

/**
 * Cancels an export whose client went away, from another connection of the pool (a COPY cannot be
 * interrupted from its own). Not awaited by the export: while this waits for a free connection the
 * COPY is drained, ends anyway, and its connection goes back to the pool; so a burst of abandoned
 * exports cannot hold every connection waiting for one more. The cancel therefore re-checks that this
 * backend still runs this very statement (its unique tag), so that it can never hit a statement of
 * another request that got the connection meanwhile.
 */
function abandon(db: Kysely<DB>, pid: number, tag: string, log: FastifyBaseLogger): void {
  sql`SELECT pg_cancel_backend(pid) FROM pg_stat_activity
      WHERE pid = ${pid} AND state = 'active' AND starts_with(query, ${tag})`
    .execute(db)
    .catch((err: unknown) => log.warn({ err }, 'transactions export: could not cancel an abandoned COPY'));
}

/**
 * Ends the export's transaction (read only: nothing to keep). Once more if the first attempt fails:
 * a cancel that arrives just after its COPY ended can only hit this ROLLBACK, once. A connection
 * still failing after that is dead, and the pool drops a dead client when it is released.
 */
async function rollback(conn: Kysely<DB>, log: FastifyBaseLogger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`ROLLBACK`.execute(conn);
      return;
    } catch (err) {
      if (attempt === 2) {
        log.error({ err }, 'transactions export: could not end its transaction');
        throw err;
      }
    }
  }
}
