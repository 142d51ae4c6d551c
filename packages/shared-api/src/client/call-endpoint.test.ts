import { endpoints, type EndpointName } from '../contract/endpoints';
import { EVENTS, LIST_ENDPOINTS, ROUTES } from '../contract/routes';
import { serverEvents } from '../contract/events';
import { configureClient } from '@backoffice/shared-api/runtime';
import { callEndpoint, type JsonEndpointName } from './call-endpoint';
import { bodyOf, resetClient, signIn, stubHttp } from '../testing';

const ID = '0b6f7a52-1d0e-4f43-9c55-2d8c1f0f3a11';

describe('callEndpoint', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
  });
  afterEach(() => {
    ctx.restore();
    configureClient({ apiBaseUrl: '' });
  });

  it('calls through a table derived from the contract: every endpoint and event, without a schema', () => {
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const e = endpoints[name];
      expect(ROUTES[name]).toEqual({
        method: e.method,
        path: e.path,
        auth: e.auth,
        resource: e.resource,
        emits: 'emits' in e ? e.emits : [],
        ...('produces' in e ? { produces: e.produces } : {}),
        ...('permission' in e ? { permission: e.permission } : {}),
      });
    }
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, e] of Object.entries(serverEvents)) {
      expect(EVENTS[name as keyof typeof EVENTS]).toEqual({
        name: e.name,
        invalidates: e.invalidates,
        to: 'to' in e ? e.to : 'admins',
      });
    }
    // The lists are the endpoints whose reply has a total, as ListEndpointName says.
    expect([...LIST_ENDPOINTS].sort()).toEqual(
      Object.keys(endpoints)
        .filter(
          (name) => 'total' in ((endpoints[name as EndpointName].reply as { properties?: object }).properties ?? {}),
        )
        .sort(),
    );
    expect(LIST_ENDPOINTS).toEqual(expect.arrayContaining(['getAllFans', 'getAllRedemptions']));
    expect(LIST_ENDPOINTS).not.toContain('getDashboard');
    // Nothing of TypeBox: no schema object, no symbol key, anywhere in the tables.
    expect(JSON.parse(JSON.stringify({ ROUTES, EVENTS, LIST_ENDPOINTS }))).toEqual({ ROUTES, EVENTS, LIST_ENDPOINTS });
  });

  it("sends each call with its endpoint's own method and path, and its query and body", async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: {} } }));
    await callEndpoint('getAllFans', { query: { page: 2, search: '' } });
    await callEndpoint('getFanDetail', { query: { id: ID } });
    await callEndpoint('updateUserProfile', { query: { id: ID }, body: { firstName: 'Ada' } });
    await callEndpoint('decideRequest', { body: { id: ID, decision: 'approved' } });
    await callEndpoint('createDiscountCode', {
      body: { codeName: 'SPRING', type: 'promo_code', amount: 10, redeemLimit: 5 },
    });
    await callEndpoint('markAllNotificationsRead', {});
    await callEndpoint('changePaymentMethodStatus', { query: { id: ID, isActive: false } });

    const sent = requests.map((r) => [r.method?.toUpperCase(), r.url]);
    const expected: JsonEndpointName[] = [
      'getAllFans',
      'getFanDetail',
      'updateUserProfile',
      'decideRequest',
      'createDiscountCode',
      'markAllNotificationsRead',
      'changePaymentMethodStatus',
    ];
    expect(sent).toEqual(expected.map((name) => [endpoints[name].method, endpoints[name].path]));
    // Empty values are left out, as for every call (spec section 7).
    expect(requests[0]!.params).toEqual({ page: 2 });
    expect(requests[2]!.params).toEqual({ id: ID });
    expect(bodyOf(requests[2]!)).toEqual({ firstName: 'Ada' });
    expect(bodyOf(requests[3]!)).toEqual({ id: ID, decision: 'approved' });
    expect(requests[6]!.params).toEqual({ id: ID, isActive: false });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('resolves error replies with the server body, as every call does', async () => {
    const body = { statusCode: 404, message: 'Fan not found' };
    stubHttp(() => ({ status: 404, data: body }));
    await expect(callEndpoint('getFanDetail', { query: { id: ID } })).resolves.toEqual(body);
  });

  it("holds a call to its endpoint's types: a wrong query, body or reply does not compile", async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: { unReadCount: 3 } } }));
    const reply = await callEndpoint('getUnreadNotificationCount', {});
    const count: number | undefined = reply.data?.unReadCount;
    expect(count).toBe(3);

    // Each line below is a compile error; they run only to keep the checks honest at run time too.
    const wrong = async () => {
      // @ts-expect-error the reply of getUnreadNotificationCount has no `total` in its data
      void reply.data?.total;
      // @ts-expect-error getAllFans declares a query, so one must be sent
      await callEndpoint('getAllFans', {});
      // @ts-expect-error getFanDetail's query is { id }, not { userId }
      await callEndpoint('getFanDetail', { query: { userId: ID } });
      // @ts-expect-error getFanDetail reads no body
      await callEndpoint('getFanDetail', { query: { id: ID }, body: { id: ID } });
      // @ts-expect-error decideRequest's decision is 'approved' or 'rejected'
      await callEndpoint('decideRequest', { body: { id: ID, decision: 'maybe' } });
      // @ts-expect-error the export is a file, not a JSON envelope: downloadTransactionsExport reads it
      await callEndpoint('exportTransactions', { query: {} });
      // @ts-expect-error no such endpoint
      await callEndpoint('getAllFan', { query: {} });
    };
    expect(typeof wrong).toBe('function');
  });
});
