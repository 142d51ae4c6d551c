import { parseMarketplaceKey, signMarketplaceRequest } from '../../apps/api/src/modules/auth/marketplace-signature';
import { ADMIN, E2E_MARKETPLACE_KEY, state } from './browser';

export interface ApiReply<T = any> {
  statusCode: number;
  message: string;
  data?: T;
  total?: number;
  errors?: Record<string, string>;
}

/**
 * Calls the product's own API from the test, as the marketplace or a second admin would: to learn
 * what the screens should show and to make things happen behind the page's back.
 */
export async function api<T = any>(
  method: string,
  path: string,
  opts: {
    token?: string;
    /** Calls as the marketplace, signed with its key (the calls that refuse an admin session). */
    marketplace?: boolean;
    query?: Record<string, string | number>;
    body?: unknown;
    /** Another server than the suite's (startOwnServer's). */
    baseURL?: string;
  } = {},
): Promise<ApiReply<T>> {
  const url = new URL(`/api/v1${path}`, opts.baseURL ?? state().baseURL);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const body = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
  const res = await fetch(url, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.marketplace
        ? signMarketplaceRequest(parseMarketplaceKey(E2E_MARKETPLACE_KEY), {
            method,
            path: `${url.pathname}${url.search}`,
            body,
          })
        : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  return (await res.json()) as ApiReply<T>;
}

export async function apiToken(baseURL?: string): Promise<string> {
  const reply = await api('POST', '/admin/signIn', {
    baseURL,
    body: { email: ADMIN.email, password: ADMIN.password },
  });
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.message}`);
  return reply.data.token as string;
}

/** An influencer of the demo data, and a payout request filed for them now, as the marketplace would. */
export async function newPayoutRequest(token: string, amount: number, payable: number, baseURL?: string) {
  const influencers = await api('GET', '/admin/getAllInfluencers', { token, baseURL, query: { limit: 50 } });
  const influencer = influencers.data[Math.min(3, influencers.data.length - 1)] as {
    _id: string;
    email: string;
    displayName: string;
  };
  const created = await api('POST', '/payout/createRequest', {
    marketplace: true,
    baseURL,
    body: { influencerId: influencer._id, amount, payable_amount: payable },
  });
  if (created.statusCode !== 200) throw new Error(`payout request refused: ${created.message}`);
  return { influencer, request: created.data as { _id: string } };
}
