import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { Mailer, OutgoingMail, QueuedMail } from './mailer';

/*
 * Email goes through the email_outbox table (migration 0023). A change writes its emails in its own
 * transaction (queueEmail), so an email leaves only for a change that committed and a change never
 * waits on a mail server; each instance runs a worker that sends what is due.
 *
 * Several instances share the table. A worker claims a few due rows at a time: FOR UPDATE SKIP
 * LOCKED keeps two claims from taking the same row at the same moment, and the lease it writes
 * (locked_until) keeps the row from every other worker while it is being sent; the lease is far
 * longer than the SMTP timeouts let a send take. Delivery is at least once, not exactly once: an
 * instance that dies (or loses the database) after the mail server accepted an email and before the
 * row is marked sent leaves it to be sent again when its lease runs out. Nothing else sends a row
 * twice.
 */

/** Who the audit log names for what the worker does: no admin does it. */
export const OUTBOX_ACTOR = 'email outbox';

export interface OutboxOptions {
  /** How often each worker looks for due emails besides being woken by a commit. */
  pollMs: number;
  /** Rows one claim takes, sent at once (each over its own SMTP connection). */
  batchSize: number;
  /** How long a claim holds its rows: far longer than a send can take with the SMTP timeouts. */
  leaseMs: number;
  /** Sends tried before a row is given up (failed_at, an audit entry, emails_total failed). */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each one, never above retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Sent rows are kept this long (who was emailed what, when), then deleted. */
  keepSentMs: number;
  /** How often a worker deletes sent rows past keepSentMs. */
  sweepEveryMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 1000,
  batchSize: 8,
  leaseMs: 120_000,
  // 10 s, 20 s, … 1 h: about 85 minutes of mail server outage before the first email is given up
  maxAttempts: 10,
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  keepSentMs: 7 * 24 * 3_600_000,
  sweepEveryMs: 3_600_000,
};

/** The counter of emails by outcome (the metrics' emails_total). */
export interface EmailCounter {
  inc(labels: { outcome: 'queued' | 'sent' | 'retried' | 'failed' }, value?: number): void;
}

/**
 * Writes emails to the outbox. Pass the transaction of the change that causes them, so that they
 * leave only if it commits; the database wakes the workers on commit. Counted as queued when
 * written: an email is nearly always its transaction's last write, so one rolled back after it is rare.
 */
export async function queueEmail(
  ctx: Pick<AppContext, 'operations'>,
  db: Kysely<DB>,
  mail: OutgoingMail | readonly OutgoingMail[],
): Promise<void> {
  const mails: readonly OutgoingMail[] = 'to' in mail ? [mail] : mail;
  if (!mails.length) return;
  await db
    .insertInto('email_outbox')
    .values(mails.map((m) => ({ recipient: m.to, subject: m.subject, html: m.html, text: m.text })))
    .execute();
  ctx.operations.emails.inc({ outcome: 'queued' }, mails.length);
}

/** Emails not yet sent nor given up, on every instance: a count over the partial index. */
export async function emailsWaiting(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface MailOutbox {
  /** Where emails are delivered (tests replace its send to play a mail server that fails). */
  readonly mailer: Mailer;
  /**
   * Sends every email due now on this instance and resolves with how many it tried, once none is
   * left (tests; a failed send is scheduled for later, not retried here).
   */
  deliverDue(): Promise<number>;
  /** Stops polling and waits for the sends under way; the caller then closes the mailer and the database. */
  stop(): Promise<void>;
}

const backoff = (attempts: number, o: OutboxOptions) =>
  Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.min(attempts - 1, 30));

/** An SMTP reply can be long; the row keeps what an operator needs to tell why. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Starts this instance's worker: woken by the outbox's notifications, and every pollMs. */
export async function startMailOutbox(opts: {
  database: Database;
  mailer: Mailer;
  emails: EmailCounter;
  log: FastifyBaseLogger;
  options?: Partial<OutboxOptions>;
}): Promise<MailOutbox> {
  const o = { ...OUTBOX_DEFAULTS, ...opts.options };
  const { db } = opts.database;
  const { mailer, emails, log } = opts;

  /** One round at a time on this instance: a wake during a round runs one more after it. */
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  let stopped = false;
  let woken = false;
  let lastSweep = 0;
  let lastProblem: string | undefined;

  /** Due rows for this worker, leased to it; each with the attempt this is (counted on claiming). */
  const claim = async (): Promise<Array<{ mail: QueuedMail; attempt: number }>> => {
    const { rows } = await sql<{
      id: number;
      recipient: string;
      subject: string;
      html: string;
      text: string;
      created_at: Date;
      attempts: number;
    }>`
      UPDATE email_outbox o
      SET locked_until = now() + make_interval(secs => ${o.leaseMs / 1000}), attempts = o.attempts + 1
      FROM (
        SELECT id FROM email_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY next_attempt_at, id
        LIMIT ${o.batchSize}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE o.id = due.id
      RETURNING o.id, o.recipient, o.subject, o.html, o.text, o.created_at, o.attempts`.execute(db);
    return rows
      .map((r) => ({
        mail: {
          id: Number(r.id),
          to: r.recipient,
          subject: r.subject,
          html: r.html,
          text: r.text,
          queuedAt: new Date(r.created_at),
        },
        attempt: r.attempts,
      }))
      .sort((a, b) => a.mail.id - b.mail.id);
  };

  const delivered = async (mail: QueuedMail) => {
    // the content goes: it may hold a reset or invitation link; who, what and when stay
    await db
      .updateTable('email_outbox')
      .set({ sent_at: sql<Date>`now()`, locked_until: null, html: '', text: '', last_error: null })
      .where('id', '=', mail.id)
      .execute();
    emails.inc({ outcome: 'sent' });
  };

  const notDelivered = async (mail: QueuedMail, attempt: number, err: unknown) => {
    const error = errorText(err);
    const about = { outboxId: mail.id, to: mail.to, subject: mail.subject, attempts: attempt, error };
    if (attempt < o.maxAttempts) {
      const retryInMs = backoff(attempt, o);
      await db
        .updateTable('email_outbox')
        .set({
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`,
          locked_until: null,
          last_error: error,
        })
        .where('id', '=', mail.id)
        .execute();
      emails.inc({ outcome: 'retried' });
      log.warn({ ...about, retryInMs }, 'email not sent; it will be tried again');
      return;
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('email_outbox')
        .set({ failed_at: sql<Date>`now()`, locked_until: null, html: '', text: '', last_error: error })
        .where('id', '=', mail.id)
        .execute();
      await recordAudit(trx, {
        action: 'email.failed',
        actorId: null,
        actorEmail: OUTBOX_ACTOR,
        recordType: 'email',
        recordId: String(mail.id),
        after: { to: mail.to, subject: mail.subject, attempts: attempt, error },
      });
    });
    emails.inc({ outcome: 'failed' });
    log.error(about, 'email given up: every attempt to send it failed');
  };

  const send = async ({ mail, attempt }: { mail: QueuedMail; attempt: number }) => {
    let failure: { err: unknown } | undefined;
    try {
      await mailer.send(mail);
    } catch (err) {
      failure = { err };
    }
    await (failure ? notDelivered(mail, attempt, failure.err) : delivered(mail));
  };

  /** One claim, sent at once; how many rows it took. */
  const batch = async () => {
    const mails = await claim();
    // every send settled before the next claim or a stop, even when marking one failed
    const failed = (await Promise.allSettled(mails.map(send))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return mails.length;
  };

  const sweep = async () => {
    if (Date.now() - lastSweep < o.sweepEveryMs) return;
    lastSweep = Date.now();
    // in slices, each a short statement over the sent rows' index
    for (;;) {
      const r = await sql`
        DELETE FROM email_outbox WHERE id IN (
          SELECT id FROM email_outbox
          WHERE sent_at IS NOT NULL AND sent_at < now() - make_interval(secs => ${o.keepSentMs / 1000})
          LIMIT 1000)`.execute(db);
      if (Number(r.numAffectedRows ?? 0) < 1000 || stopped) return;
    }
  };

  /** Batches until one comes back short of full: everything due at the start has been tried. */
  const round = async () => {
    let tried = 0;
    for (;;) {
      const n = await batch();
      tried += n;
      if (n < o.batchSize || stopped) return tried;
    }
  };

  const wake = () => {
    if (stopped || woken) return;
    woken = true;
    void exclusive(async () => {
      woken = false;
      if (stopped) return;
      await round();
      await sweep();
      if (lastProblem) log.info('the email outbox works again');
      lastProblem = undefined;
    }).catch((err: unknown) => {
      // the database is down, or the table not migrated yet: said once, not every second. A row
      // sent and not marked is sent again once its lease runs out (at least once, see above).
      const problem = errorText(err);
      if (problem !== lastProblem) log.error({ err: problem }, 'the email outbox could not be read or updated');
      lastProblem = problem;
    });
  };

  const unlisten = await opts.database.listen('email_outbox', { notify: wake, listening: () => undefined });
  const poll = setInterval(wake, o.pollMs);
  poll.unref();
  wake();

  return {
    mailer,
    async deliverDue() {
      let tried = 0;
      // behind any round under way, then until a claim finds nothing: a failure is rescheduled,
      // not due again at once, so this ends
      for (;;) {
        const n = await exclusive(batch);
        tried += n;
        if (!n || stopped) return tried;
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await unlisten();
      // the sends under way finish (the SMTP timeouts bound them) and are marked before the
      // database closes; a row left claimed would wait for its lease to run out
      await chain;
    },
  };
}
