import crypto from 'node:crypto';
import { API_BASE_PATH, endpoints } from '@backoffice/shared-api/contract';
import { loadConfig } from '../src/config';
import { buildServer, type Server } from '../src/server';
import {
  parseMarketplaceKey,
  signMarketplaceRequest,
  SIGNATURE_MESSAGES,
  type MarketplaceKey,
} from '../src/modules/auth/marketplace-signature';
import { IDEMPOTENCY_MESSAGES } from '../src/modules/auth/marketplace-calls';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

/**
 * The marketplace's calls, as an attacker on the wire and a retrying client would make them: a
 * signature binds a call to its path, body and moment; a replay is refused by every instance; a
 * filing retried with its Idempotency-Key is answered, never filed twice.
 */
describe.each(BACKENDS)('marketplace calls (%s)', (backend) => {
  const rotated: MarketplaceKey = { id: 'k2', secret: `next-${crypto.randomBytes(24).toString('hex')}` };
  let api: TestApi;
  let second: Server;
  let current: MarketplaceKey;

  beforeAll(async () => {
    const secret = `test-marketplace-key-${crypto.randomBytes(16).toString('hex')}`;
    api = await startTestApi(backend, { env: { MARKETPLACE_API_KEY: `k1:${secret},k2:${rotated.secret}` } });
    current = api.marketplaceKey;
    // A second instance on the same database, as behind a load balancer.
    second = await buildServer({ config: api.config, database: api.database, logger: false });
    await second.app.ready();
  });
  afterAll(async () => {
    await second.close();
    await api.close();
  });

  const notificationPath = `${API_BASE_PATH}${endpoints.createNotification.path}`;
  const payoutPath = `${API_BASE_PATH}${endpoints.createPayoutRequest.path}`;

  /** Sends a signed call to one instance; `tamper` changes the request after it was signed. */
  async function send(
    server: Server,
    path: string,
    body: unknown,
    opts: { key?: MarketplaceKey; headers?: Record<string, string>; now?: Date; sentBody?: string } = {},
  ) {
    const payload = JSON.stringify(body);
    const signed = signMarketplaceRequest(opts.key ?? current, { method: 'POST', path, body: payload, now: opts.now });
    const res = await server.app.inject({
      method: 'POST',
      url: path,
      payload: opts.sentBody ?? payload,
      headers: { 'content-type': 'application/json', ...signed, ...opts.headers },
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers, signed };
  }

  const count = async (table: 'notifications' | 'payout_requests') =>
    Number(
      (
        await api.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the same request sent 20 times is accepted once, by either instance', async () => {
    const before = await count('notifications');
    const first = await send(api.server, notificationPath, { description: 'Booked: replay check' });
    expect(first.status).toBe(200);
    const replays = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? second : api.server).app.inject({
          method: 'POST',
          url: notificationPath,
          payload: JSON.stringify({ description: 'Booked: replay check' }),
          headers: { 'content-type': 'application/json', ...first.signed },
        }),
      ),
    );
    expect(new Set(replays.map((r) => r.statusCode))).toEqual(new Set([401]));
    expect(replays[0]?.json().message).toBe(SIGNATURE_MESSAGES.replayed);
    expect(await count('notifications')).toBe(before + 1);
  });

  it('refuses a changed body, a stale or future timestamp, an unknown key, a bad nonce: 401 with what to fix', async () => {
    const before = await count('notifications');
    const changed = await send(
      api.server,
      notificationPath,
      { description: 'pay 10' },
      {
        sentBody: JSON.stringify({ description: 'pay 1000' }),
      },
    );
    expect([changed.status, changed.body.message]).toEqual([401, SIGNATURE_MESSAGES.mismatch]);
    for (const minutes of [-6, 6]) {
      const stale = await send(
        api.server,
        notificationPath,
        { description: 'late' },
        {
          now: new Date(Date.now() + minutes * 60_000),
        },
      );
      expect([stale.status, stale.body.message]).toEqual([401, SIGNATURE_MESSAGES.stale]);
    }
    const stranger = await send(
      api.server,
      notificationPath,
      { description: 'who?' },
      {
        key: { id: 'k9', secret: current.secret },
      },
    );
    expect([stranger.status, stranger.body.message]).toEqual([401, SIGNATURE_MESSAGES.unknownKey]);
    const wrongSecret = await send(
      api.server,
      notificationPath,
      { description: 'forged' },
      {
        key: { id: current.id, secret: `${current.secret}x` },
      },
    );
    expect([wrongSecret.status, wrongSecret.body.message]).toEqual([401, SIGNATURE_MESSAGES.mismatch]);
    const badNonce = await send(
      api.server,
      notificationPath,
      { description: 'short nonce' },
      {
        headers: { 'x-marketplace-nonce': 'abc' },
      },
    );
    expect([badNonce.status, badNonce.body.message]).toEqual([401, SIGNATURE_MESSAGES.badNonce]);
    // a body signed for another path
    const elsewhere = await send(
      api.server,
      notificationPath,
      { description: 'moved' },
      {
        headers: signMarketplaceRequest(current, {
          method: 'POST',
          path: payoutPath,
          body: JSON.stringify({ description: 'moved' }),
        }),
      },
    );
    expect(elsewhere.status).toBe(401);
    expect(await count('notifications')).toBe(before);
  });

  it('checks the credential before the body: an unsigned call never learns the fields', async () => {
    const res = await api.server.app.inject({ method: 'POST', url: payoutPath, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SIGNATURE_MESSAGES.missing);
  });

  it('takes either key while one is rotated, and the audit log names the key by its id', async () => {
    const since =
      (await api.database.db.selectFrom('audit_log').select('seq').orderBy('seq', 'desc').limit(1).executeTakeFirst())
        ?.seq ?? 0;
    const filed = await send(second, notificationPath, { description: 'Signed with the new key' }, { key: rotated });
    expect(filed.status).toBe(200);
    const rows = await api.database.db
      .selectFrom('audit_log')
      .select(['actor_email', 'record_id'])
      .where('seq', '>', since)
      .where('action', '=', 'notification.created')
      .execute();
    expect(rows).toEqual([{ actor_email: 'marketplace key k2', record_id: filed.body.data._id }]);
  });

  describe('a payout filing with an Idempotency-Key', () => {
    let influencerId: string;
    beforeAll(async () => {
      // one with earnings enough for every filing below (each claims a cent)
      const row = await api.database.db
        .selectFrom('transactions')
        .select('influencer_id')
        .where('status', '=', 'completed')
        .where('earning_cents', '>', 100)
        .where('influencer_id', 'is not', null)
        .executeTakeFirstOrThrow();
      influencerId = row.influencer_id!;
    });
    const filing = () => ({ influencerId, amount: 0.02, payable_amount: 0.01 });

    it('sent 5 times (new nonce each time, either instance) files one request and answers each with it', async () => {
      const before = await count('payout_requests');
      const key = crypto.randomUUID();
      const first = await send(api.server, payoutPath, filing(), { headers: { 'idempotency-key': key } });
      expect(first.status).toBe(200);
      const retries = [];
      for (let i = 0; i < 4; i++) {
        retries.push(
          await send(i % 2 ? api.server : second, payoutPath, filing(), { headers: { 'idempotency-key': key } }),
        );
      }
      for (const retry of retries) {
        expect(retry.status).toBe(200);
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.body.data._id).toBe(first.body.data._id);
      }
      expect(await count('payout_requests')).toBe(before + 1);
    });

    it('sent 5 times at once files one; the others are told to retry or get the first reply', async () => {
      const before = await count('payout_requests');
      const key = crypto.randomUUID();
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          send(i % 2 ? second : api.server, payoutPath, filing(), { headers: { 'idempotency-key': key } }),
        ),
      );
      expect(replies.filter((r) => r.status === 200 && !r.headers['idempotent-replayed'])).toHaveLength(1);
      for (const r of replies) expect([200, 409]).toContain(r.status);
      expect(await count('payout_requests')).toBe(before + 1);
    });

    it('with another body under the same key is refused (422), and nothing is filed', async () => {
      const key = crypto.randomUUID();
      expect((await send(api.server, payoutPath, filing(), { headers: { 'idempotency-key': key } })).status).toBe(200);
      const before = await count('payout_requests');
      const other = await send(
        api.server,
        payoutPath,
        { ...filing(), amount: 999 },
        {
          headers: { 'idempotency-key': key },
        },
      );
      expect([other.status, other.body.message]).toEqual([422, IDEMPOTENCY_MESSAGES.otherRequest]);
      expect(await count('payout_requests')).toBe(before);
    });

    it('that fails gives its key back: the corrected retry files', async () => {
      const key = crypto.randomUUID();
      const invalid = await send(
        api.server,
        payoutPath,
        { ...filing(), influencerId: crypto.randomUUID() },
        {
          headers: { 'idempotency-key': key },
        },
      );
      expect(invalid.status).toBeGreaterThanOrEqual(400);
      expect(invalid.status).toBeLessThan(500);
      // the same key with the corrected body is a first request: the failed one was not kept
      expect((await send(api.server, payoutPath, filing(), { headers: { 'idempotency-key': key } })).status).toBe(200);
    });

    it('refuses a malformed key with 400', async () => {
      const r = await send(api.server, payoutPath, filing(), { headers: { 'idempotency-key': 'has spaces in it' } });
      expect([r.status, r.body.message]).toEqual([400, IDEMPOTENCY_MESSAGES.malformed]);
    });
  });
});

describe('marketplace keys at start', () => {
  it('a key is required on PostgreSQL, where every instance must agree on it', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/backoffice', AUTH_SECRET: 'x'.repeat(40), SEED: 'false' });
    expect(config.marketplaceKeys).toEqual([]);
    return expect(buildServer({ config, database: undefined as never, logger: false })).rejects.toThrow(
      /MARKETPLACE_API_KEY is required with DATABASE_URL/,
    );
  });

  it('AUTH_SECRET too', () =>
    expect(
      buildServer({
        config: loadConfig({ DATABASE_URL: 'postgres://db/backoffice', SEED: 'false' }),
        database: undefined as never,
        logger: false,
      }),
    ).rejects.toThrow(/AUTH_SECRET is required with DATABASE_URL/));

  it('names keys by their id, or a bare key by its SHA-256; refuses short secrets and twice the same id', () => {
    expect(parseMarketplaceKey(`main:${'s'.repeat(32)}`)).toEqual({ id: 'main', secret: 's'.repeat(32) });
    const bare = 'b'.repeat(40);
    expect(parseMarketplaceKey(bare).id).toBe(crypto.createHash('sha256').update(bare).digest('hex').slice(0, 8));
    expect(() => loadConfig({ MARKETPLACE_API_KEY: 'k1:short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ MARKETPLACE_API_KEY: `k1:${'a'.repeat(32)},k1:${'b'.repeat(32)}` })).toThrow(/same id/);
  });
});
