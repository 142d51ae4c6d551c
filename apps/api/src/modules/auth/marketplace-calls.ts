import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { MARKETPLACE_MAX_SKEW_SECONDS } from './marketplace-signature';

/** How long a filing's Idempotency-Key answers its retries: a day, as the marketplace's retries run. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Idempotency-Key values: a client's UUID or any opaque token, printable and bounded. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key must be 1 to 255 printable characters without spaces',
  otherRequest: 'This Idempotency-Key was already used with a different request; use a new key for a new request',
  inProgress: 'The first request with this Idempotency-Key is still being handled; retry in a moment',
} as const;

/** What a filing answered the first time: the reply to send again, whichever instance gets the retry. */
export type FirstReply = Record<string, unknown>;

/**
 * The marketplace's calls, counted once across every instance: the nonces of signed requests and
 * the filings' idempotency keys, both in PostgreSQL (an instance's memory would let a replay or a
 * retry through the next instance).
 */
export function marketplaceCalls(db: Kysely<DB>) {
  let sweptAt = 0;

  /** Deletes what has aged out, at most once a minute per instance; the tables stay small. */
  async function sweep(): Promise<void> {
    if (Date.now() - sweptAt < 60_000) return;
    sweptAt = Date.now();
    // Past twice the skew no request carrying the nonce is accepted anyway (its timestamp is stale).
    await db
      .deleteFrom('marketplace_nonces')
      .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${2 * MARKETPLACE_MAX_SKEW_SECONDS})`)
      .execute();
    await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
      .execute();
  }

  return {
    /** Records a signed request's nonce; false when it was seen before (a replay). */
    async firstUse(keyId: string, nonce: string): Promise<boolean> {
      const inserted = await db
        .insertInto('marketplace_nonces')
        .values({ key_id: keyId, nonce })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      void sweep().catch(() => undefined);
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Runs a filing once per Idempotency-Key: the first request runs `file` and its reply is kept;
     * a retry with the same key and body gets that reply (`replayed`), never a second record. The
     * key is claimed before filing, so two copies sent at once cannot both file: the second is told
     * to retry. A filing that fails gives its key back, so the retry files. An instance that dies
     * between filing and keeping the reply leaves the key claimed: its retries are refused with 409
     * until the key ages out, which asks a person to look rather than risk a second payout request.
     */
    async once(
      operation: string,
      key: string,
      rawBody: string | Buffer,
      file: () => Promise<FirstReply>,
    ): Promise<{ reply: FirstReply; replayed: boolean }> {
      if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.malformed);
      const requestHash = crypto.createHash('sha256').update(rawBody).digest('hex');
      const claimed = await db
        .insertInto('idempotency_keys')
        .values({ operation, key, request_hash: requestHash })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
        const first = await db
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'reply'])
          .where('operation', '=', operation)
          .where('key', '=', key)
          .executeTakeFirst();
        // swept between the two statements: a day old, so this is a new request
        if (!first) return this.once(operation, key, rawBody, file);
        if (first.request_hash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherRequest);
        if (!first.reply) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
        return { reply: first.reply, replayed: true };
      }
      let reply: FirstReply;
      try {
        reply = await file();
      } catch (e) {
        await db.deleteFrom('idempotency_keys').where('operation', '=', operation).where('key', '=', key).execute();
        throw e;
      }
      await db
        .updateTable('idempotency_keys')
        .set({ reply: JSON.stringify(reply) })
        .where('operation', '=', operation)
        .where('key', '=', key)
        .execute();
      return { reply, replayed: false };
    },
  };
}

export type MarketplaceCalls = ReturnType<typeof marketplaceCalls>;
