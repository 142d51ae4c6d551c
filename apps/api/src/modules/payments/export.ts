import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  EXPORT_TOTAL_HEADER,
  ErrorReply,
  PAYMENT_MESSAGES,
  TRANSACTION_EXPORT_COLUMNS,
  endpoints,
  type TransactionExportQuery,
} from '@backoffice/shared-api/contract';
import { protection } from '../../plugins/routes';
import { actorOf, recordAudit } from '../audit/audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { countRows, direction } from '../../lib/list';
import { dollarsFromCents } from '../../lib/money';
import { csvRow } from './csv';
import { startCopyExport } from './export-copy';
import {
  filteredTransactions,
  payerName,
  transactionRows,
  transactionSortColumns,
  type TransactionDbRow,
  type TransactionSelection,
} from './transactions';

/** Where a batch resumes: the last row's sort values and id, as text, so that nothing is rounded. */
export type ExportCursor = string[];
export type ExportBatchRow = TransactionDbRow & { cursor: ExportCursor };

/**
 * The next `limit` rows of the selection after `after` (from the start when null), in the list's
 * order. Keyset, not OFFSET: each batch costs the same however deep the export is, and nothing is
 * held open between batches, so other requests (PGlite has one connection) run in between.
 */
export async function readExportBatch(
  db: Kysely<DB>,
  q: TransactionSelection,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportBatchRow[]> {
  const order = direction(q.sortOrder);
  const columns = transactionSortColumns(q.sortBy);
  let base = transactionRows(filteredTransactions(db, q)).select(
    sql<ExportCursor>`ARRAY[${sql.join(columns.map((c) => sql`(${c})::text`))}]`.as('cursor'),
  );
  if (after) {
    // One row-value comparison: the index on the same columns serves it; the values, sent untyped,
    // take each column's own type (a timestamp keeps its microseconds, citext its collation).
    const cmp = sql.raw(order === 'asc' ? '>' : '<');
    base = base.where(sql<boolean>`(${sql.join(columns)}) ${cmp} (${sql.join(after)})`);
  }
  for (const c of columns) base = base.orderBy(c, order);
  return base.limit(limit).execute();
}

/**
 * Exported so that tests can make batches small, make one fail, and serve PostgreSQL through the
 * batched path to compare it with COPY; the server never changes them. 1,000 rows (~150 KB of CSV) a
 * batch keeps the number of queries low and memory flat.
 */
export const exportTuning = {
  batchSize: 1000,
  readBatch: readExportBatch,
  /** On PostgreSQL, COPY (export-copy.ts); PGlite always takes the batched path. */
  copy: true,
};

// Formatters are costly to build and zones are few; the cap only bounds what odd spellings can add.
const minuteFormatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a zone Intl does not know. */
function minuteFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = minuteFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which writes midnight as 24:00 in some engines
      hourCycle: 'h23',
    });
    if (minuteFormatters.size < 500) minuteFormatters.set(timeZone, f);
  }
  return f;
}

function partsOf(f: Intl.DateTimeFormat, d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** 'YYYY-MM-DD HH:mm' (spec section 9) in the formatter's zone. */
export function formatMinute(f: Intl.DateTimeFormat, d: Date): string {
  const p = partsOf(f, d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const money = (cents: number) => dollarsFromCents(cents).toFixed(2);

/** One CSV record in the order of TRANSACTION_EXPORT_COLUMNS. */
function exportCells(r: TransactionDbRow, f: Intl.DateTimeFormat): string[] {
  return [
    r.video_call_id ?? '',
    payerName(r) || r.display_name,
    r.email,
    formatMinute(f, new Date(r.created_at)),
    money(r.hold_amount_cents),
    money(r.released_amount_cents),
    money(r.earning_cents),
    r.type,
    r.transaction_id,
    r.status,
  ];
}

/**
 * The file, one chunk per batch. A failed batch throws out of the generator, which destroys the
 * stream with the error; Fastify then destroys the socket (the headers are out), so the client sees
 * a cut connection and never the chunked terminator of a complete file. A client that goes away
 * destroys the stream, which returns the generator at its pending yield: no further query runs.
 */
async function* exportChunks(
  db: Kysely<DB>,
  q: TransactionSelection,
  f: Intl.DateTimeFormat,
  log: FastifyBaseLogger,
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(TRANSACTION_EXPORT_COLUMNS)}`;
  const { batchSize, readBatch } = exportTuning;
  let after: ExportCursor | null = null;
  let rows = 0;
  for (;;) {
    let chunk: string;
    let batch: ExportBatchRow[];
    // Back to the event loop first: on PGlite a query is no I/O, only promises, and while a fast
    // client keeps draining the socket the whole export would otherwise run as one unbroken chain
    // of microtasks, with no other request, timer or socket served until it ended.
    await nextTurn();
    try {
      batch = await readBatch(db, q, after, batchSize);
      chunk = batch.map((r) => csvRow(exportCells(r, f))).join('');
    } catch (err) {
      log.error({ err, rowsStreamed: rows }, 'transactions export failed part way; the response is aborted');
      throw err;
    }
    if (batch.length === 0) return;
    rows += batch.length;
    yield chunk;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!.cursor;
  }
}

/** The admin's date of today, for the file name. */
const today = (f: Intl.DateTimeFormat) => formatMinute(f, new Date()).slice(0, 10);

export function registerTransactionsExport(app: FastifyInstance, ctx: AppContext): void {
  const e = endpoints.exportTransactions;
  const { security, hooks } = protection(app, e);
  // Not route(): that wraps the reply in the JSON envelope, and this one is a file.
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      operationId: 'exportTransactions',
      tags: [e.resource],
      summary: e.summary,
      querystring: e.querystring,
      // The file's media type on its 200 alone: refusals are the usual JSON envelope.
      response: {
        200: { description: 'CSV', content: { [e.produces]: { schema: { type: 'string', description: 'CSV' } } } },
        '4xx': ErrorReply,
        '5xx': ErrorReply,
      },
      ...security,
    },
    ...hooks,
    handler: async (request: FastifyRequest<{ Querystring: TransactionExportQuery }>, reply: FastifyReply) => {
      const q = request.query;
      let f: Intl.DateTimeFormat;
      try {
        f = minuteFormatter(q.timeZone ?? 'UTC');
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
        throw badRequest(PAYMENT_MESSAGES.badTimeZone, { timeZone: PAYMENT_MESSAGES.badTimeZone });
      }
      // Refusals (a bad range) and a failed count are still ordinary JSON errors: nothing is sent yet.
      // The zone as Intl resolved it (an alias by its canonical name), so PostgreSQL reads the same one.
      const viaCopy = exportTuning.copy
        ? await startCopyExport(ctx.db, q, f.resolvedOptions().timeZone, ctx.log)
        : null;
      const { total, body } = viaCopy ?? {
        total: await countRows(filteredTransactions(ctx.db, q)),
        body: Readable.from(exportChunks(ctx.db, q, f, ctx.log), { objectMode: false }),
      };
      // Names and emails in bulk: who took which selection, and how many rows, is recorded before
      // the first byte goes out, and nothing goes out unrecorded.
      try {
        const actor = actorOf(request);
        await recordAudit(ctx.db, {
          action: 'transaction.exported',
          actorId: actor.adminId,
          ip: actor.ip,
          recordType: 'transaction',
          recordId: null,
          after: { filters: { ...q }, rows: total },
        });
      } catch (err) {
        body.destroy();
        throw err;
      }
      // Whatever happens before Fastify pipes the body (an onSend hook failing, the client already
      // gone), the body ends with the response: on PostgreSQL it holds a connection until it does.
      let sent = false;
      reply.raw.once('finish', () => (sent = true));
      reply.raw.once('close', () => {
        body.destroy();
        // Sent whole, or cut (the client went away, or the server stopped past its grace).
        ctx.operations.exports.inc({ endpoint: 'exportTransactions', outcome: sent ? 'complete' : 'cut' });
      });
      return reply
        .header('content-type', e.produces)
        .header('content-disposition', `attachment; filename="transactions-${today(f)}.csv"`)
        .header('cache-control', 'no-store')
        .header(EXPORT_TOTAL_HEADER, String(total))
        .header('access-control-expose-headers', `${EXPORT_TOTAL_HEADER}, Content-Disposition`)
        .send(body);
    },
  });
}
