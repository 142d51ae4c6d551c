import fc from 'fast-check';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ErrorReply, endpoints, type Endpoint } from '@backoffice/shared-api/contract';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
FormatRegistry.Set('uuid', (v) => UUID.test(v));
FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)) && /T/.test(v));
FormatRegistry.Set('email', (v) => /^[^@\s]+@[^@\s]+$/.test(v));

/** Keys the schema knows, so that random values often reach the handler and not only the validator. */
const keysOf = (schema: TSchema | undefined): string[] =>
  schema && typeof schema === 'object' && 'properties' in schema ? Object.keys(schema.properties as object) : [];

const value = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1',
    '10',
    '100',
    '101',
    '1e9',
    'NaN',
    'asc',
    'desc',
    'createdAt',
    'userName',
    '1',
    '0',
    "'; DROP TABLE users; --",
    '%',
    '_',
    '\\',
    'null',
    'true',
    '[]',
    '{}',
  ),
  fc.uuid().map(String),
  fc.integer().map(String),
  fc.string({ minLength: 90, maxLength: 400 }),
  fc.string({ unit: 'binary' }),
);

function queryFor(e: Endpoint) {
  const known = keysOf(e.querystring);
  const keys = fc.oneof(fc.constantFrom(...(known.length ? known : ['x'])), fc.string({ maxLength: 12 }));
  return fc.dictionary(keys, value, { maxKeys: 6 });
}

function bodyFor(e: Endpoint) {
  const known = keysOf(e.body);
  const keys = fc.oneof(fc.constantFrom(...(known.length ? known : ['x'])), fc.string({ maxLength: 12 }));
  return fc.oneof(
    fc.dictionary(
      keys,
      fc.oneof(value, fc.integer(), fc.boolean(), fc.constant(null), fc.array(value, { maxLength: 3 })),
      { maxKeys: 6 },
    ),
    fc.jsonValue(),
    fc.string().map((raw) => ({ raw })),
  );
}

// On the database the other API suites run on (PostgreSQL when one is named, else the embedded one).
describe.each(BACKENDS)('every route, random input (%s)', (backend) => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  const all = Object.entries(endpoints) as Array<[string, Endpoint]>;
  it.each(all)('%s never answers 5xx and always matches its schema', async (_name, e) => {
    const revokes = e.path === '/admin/logout' || e.path === '/admin/changePassword';
    await fc.assert(
      fc.asyncProperty(queryFor(e), bodyFor(e), fc.boolean(), async (query, body, withToken) => {
        const auth = withToken ? (revokes ? await api.signIn() : token) : undefined;
        const raw = body && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1;
        const res = await api.server.app.inject({
          method: e.method,
          url: `/api/v1${e.path}`,
          query: query as Record<string, string>,
          ...(e.method === 'GET'
            ? {}
            : raw
              ? {
                  payload: String((body as { raw: string }).raw),
                  headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
                }
              : {
                  payload: JSON.stringify(body),
                  headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
                }),
          ...(e.method === 'GET' && auth ? { headers: { authorization: `Bearer ${auth}` } } : {}),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200 && e.produces) {
          // a file (the CSV export), not the JSON envelope
          expect(res.headers['content-type']).toBe(e.produces);
          expect(Value.Check(e.reply, res.body)).toBe(true);
          return;
        }
        const json = res.json();
        expect(json.statusCode).toBe(res.statusCode);
        const schema = res.statusCode === 200 ? e.reply : ErrorReply;
        if (!Value.Check(schema, json)) {
          throw new Error(
            `reply does not match its schema: ${JSON.stringify([...Value.Errors(schema, json)].slice(0, 3))}`,
          );
        }
        // nothing internal leaks
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+|SELECT |syntax error|stack/i);
      }),
      { numRuns: 60 },
    );
  });
});
