import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../db/schema';
import type { SeedRow, SeedTable } from './generate';

/**
 * Writing the generated rows into the database, table by table, a batch at a time: what is in memory
 * is the batch being written, never the table.
 */
export interface TableLoader {
  /** COPY … FREEZE is possible (the table must have been emptied in this transaction). */
  readonly canFreeze: boolean;
  /** Inserts every row; `added` is told the running count. Rows of a table must all have the
   *  same columns: the first row names them. */
  load<T extends SeedTable>(
    table: T,
    rows: Iterable<SeedRow<T>>,
    added: (n: number) => void,
    freeze: boolean,
  ): Promise<number>;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: COPY … FROM STDIN in text format, streamed.

/** Bytes of COPY text handed to the connection at a time. */
const COPY_CHUNK_BYTES = 1 << 20;

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyEscape = (s: string) => (COPY_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : s);

/** An array literal with every element quoted, so no element needs to be looked at twice. */
function arrayLiteral(items: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (i > 0) out += ',';
    out += v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

/** One value in COPY's text format. */
function copyValue(v: unknown, table: string, column: string): string {
  if (v === null) return '\\N';
  switch (typeof v) {
    case 'string':
      return copyEscape(v);
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'object':
      if (Array.isArray(v)) return copyEscape(arrayLiteral(v));
      if (v instanceof Date) return v.toISOString();
      return copyEscape(JSON.stringify(v));
    default:
      throw new Error(`seed: ${table}.${column} is ${String(v)} in a row (every row needs every column)`);
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * COPY through pg-copy-streams on the connection that holds the seed's transaction. Several times
 * faster than INSERT … SELECT FROM json_populate_recordset on PostgreSQL: no JSON to build and parse,
 * no executor per batch. The next chunk is generated while the server still reads the previous one
 * (the socket holds it), so both cores work.
 */
export class CopyLoader implements TableLoader {
  readonly canFreeze = true;
  constructor(private readonly client: pg.ClientBase) {}

  async load<T extends SeedTable>(
    table: T,
    rows: Iterable<SeedRow<T>>,
    added: (n: number) => void,
    freeze: boolean,
  ): Promise<number> {
    const it = rows[Symbol.iterator]();
    let next = it.next();
    if (next.done) return 0;
    const columns = Object.keys(next.value as object);
    const names = columns.map(quoteIdent).join(', ');
    const stream = this.client.query(
      copyFrom(`COPY ${quoteIdent(table)} (${names}) FROM STDIN${freeze ? ' WITH (FREEZE)' : ''}`, {
        highWaterMark: 4 * COPY_CHUNK_BYTES,
      }),
    );
    // An error stops the COPY; remembered here so that a wait for 'drain' cannot hang on it.
    let failure: Error | undefined;
    stream.on('error', (e: Error) => (failure ??= e));
    const done = finished(stream);
    done.catch(() => undefined);

    let count = 0;
    let chunk = '';
    const flush = async () => {
      if (failure) throw failure;
      const more = stream.write(chunk);
      chunk = '';
      added(count);
      // Back to the event loop, so the socket takes what was written while the next chunk is made.
      if (more) await new Promise((r) => setImmediate(r));
      else await Promise.race([once(stream, 'drain'), done]);
    };
    try {
      while (!next.done) {
        const row = next.value as Record<string, unknown>;
        let line = '';
        for (let i = 0; i < columns.length; i++) {
          if (i > 0) line += '\t';
          line += copyValue(row[columns[i]!], table, columns[i]!);
        }
        chunk += `${line}\n`;
        count++;
        if (chunk.length >= COPY_CHUNK_BYTES) await flush();
        next = it.next();
      }
      if (chunk.length > 0) await flush();
      stream.end();
      await done;
      if (failure) throw failure;
    } catch (e) {
      // A COPY left open would hold the connection, and the ROLLBACK would wait behind it forever:
      // CopyFail ends it first.
      if (!stream.destroyed) stream.destroy(e instanceof Error ? e : new Error(String(e)));
      await done.catch(() => undefined);
      throw e;
    }
    added(count);
    return count;
  }
}

// ---------------------------------------------------------------------------------------------
// Any connection through Kysely (the embedded PGlite; PostgreSQL without a URL of its own)

/** Rows per INSERT statement: a few MB of JSON at most. */
const ROWS_PER_INSERT = 5000;

/** JSON columns are held as JSON text in the rows (what Kysely's insert type for them asks for);
 *  inside the JSON document sent below they must be the value itself, not a string holding it. */
const JSON_TEXT_COLUMNS = new Set(['social_media']);

/**
 * Batches of ROWS_PER_INSERT, each batch one statement with one parameter: the batch as a JSON array,
 * expanded by json_populate_recordset. On PGlite at scale 1 this took the whole seed from 15-18 s to
 * 12-13 s compared with Kysely's values() and one bind parameter per cell, and it stays far from
 * PostgreSQL's 65,535-parameter limit. A column missing from a row would become NULL here, not its
 * default, hence the check.
 */
export class JsonBatchLoader implements TableLoader {
  readonly canFreeze = false;
  constructor(private readonly trx: Transaction<DB>) {}

  async load<T extends SeedTable>(table: T, rows: Iterable<SeedRow<T>>, added: (n: number) => void): Promise<number> {
    let names: string[] | undefined;
    let replacer: ((key: string, value: unknown) => unknown) | undefined;
    let batch: object[] = [];
    let count = 0;
    const flush = async () => {
      const columns = sql.join(names!.map((c) => sql.ref(c)));
      const json = JSON.stringify(batch, replacer);
      batch = [];
      await sql`
        INSERT INTO ${sql.table(table)} (${columns})
        SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(this.trx);
      added(count);
    };
    for (const row of rows) {
      if (!names) {
        names = Object.keys(row);
        // A replacer slows JSON.stringify down for every key, so only tables that need one get one.
        replacer = names.some((c) => JSON_TEXT_COLUMNS.has(c))
          ? (key, value) => (JSON_TEXT_COLUMNS.has(key) && typeof value === 'string' ? JSON.parse(value) : value)
          : undefined;
      }
      if (Object.keys(row).length !== names.length) throw new Error(`seed: rows of ${table} differ in their columns`);
      batch.push(row);
      count++;
      if (batch.length >= ROWS_PER_INSERT) await flush();
    }
    if (batch.length > 0) await flush();
    return count;
  }
}
