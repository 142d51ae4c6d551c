import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, type DataOf } from '@backoffice/shared-api/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { bucketOf } from '../src/modules/remotes/registry';
import { TEST_ADMIN } from './helpers/constants';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { roleByKey } from '../src/modules/admins/roles';

const OTHER = { email: 'stage.other@test.local', password: 'Stage-Other-Password-1' };
const entry = (name: string, version: string) => ({
  version,
  manifestUrl: `/remotes/${name}/${version}/mf-manifest.json`,
  integrity: { 'mf-manifest.json': `sha384-${version}` },
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe.each(BACKENDS)('the remote registry of the signed-in admin, with staged versions (%s)', (backend) => {
  let api: TestApi;
  let releases: string;
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  const ids: Record<'a' | 'b', string> = { a: '', b: '' };

  beforeAll(async () => {
    releases = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-registry-test-'));
    api = await startTestApi(backend, { env: { RELEASES_DIR: releases, REMOTE_OVERRIDE_ORIGINS: 'localhost' } });
    await api.database.db
      .insertInto('admins')
      .values({
        role_id: roleByKey(api.database.db, 'owner'),
        first_name: 'Stella',
        last_name: 'Stage',
        email: OTHER.email,
        password_hash: await hashPassword(OTHER.password),
      })
      .execute();
    tokens.a = await api.signIn();
    tokens.b = await api.signIn(OTHER.email, OTHER.password);
    for (const k of ['a', 'b'] as const) {
      ids[k] = (await api.call('GET', endpoints.getUserProfile.path, { token: tokens[k] })).body.data._id;
    }
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(releases, { recursive: true, force: true });
  });

  const publish = (remotes: Record<string, unknown>) =>
    fs.writeFileSync(path.join(releases, 'registry.json'), JSON.stringify({ remotes }));
  const registryOf = async (who: 'a' | 'b'): Promise<DataOf<typeof endpoints.getRemoteRegistry>> => {
    const res = await api.call('GET', endpoints.getRemoteRegistry.path, { token: tokens[who] });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const versionsOf = async (who: 'a' | 'b') =>
    Object.fromEntries(Object.entries((await registryOf(who)).remotes).map(([n, e]) => [n, [e.version, e.staged]]));

  it('gives a named admin the staged version and everyone else the current one', async () => {
    publish({
      people: {
        ...entry('people', '1.0.0-old'),
        staged: { ...entry('people', '1.1.0-new'), admins: [TEST_ADMIN.adminEmail.toUpperCase()] },
      },
      payments: entry('payments', '2.0.0-cur'),
    });
    const a = await registryOf('a');
    expect(a.remotes.people).toEqual({
      version: '1.1.0-new',
      manifestUrl: '/remotes/people/1.1.0-new/mf-manifest.json',
      integrity: { 'mf-manifest.json': 'sha384-1.1.0-new' },
      staged: true,
    });
    expect(a.remotes.payments).toMatchObject({ version: '2.0.0-cur', staged: false });
    expect(a.overrides.origins.length).toBeGreaterThan(0);
    expect(await versionsOf('b')).toEqual({ people: ['1.0.0-old', false], payments: ['2.0.0-cur', false] });
  });

  it('splits a percentage stage by a stable hash of admin and remote', async () => {
    const stagedAt = (percent: number) =>
      publish({ people: { ...entry('people', '1.0.0-old'), staged: { ...entry('people', '1.1.0-new'), percent } } });
    stagedAt(0);
    expect(await versionsOf('a')).toEqual({ people: ['1.0.0-old', false] });
    expect(await versionsOf('b')).toEqual({ people: ['1.0.0-old', false] });
    stagedAt(100);
    expect(await versionsOf('a')).toEqual({ people: ['1.1.0-new', true] });
    expect(await versionsOf('b')).toEqual({ people: ['1.1.0-new', true] });

    const [low, high] = [
      { k: 'a' as const, bucket: bucketOf(ids.a, 'people') },
      { k: 'b' as const, bucket: bucketOf(ids.b, 'people') },
    ].sort((x, y) => x.bucket - y.bucket) as [{ k: 'a' | 'b'; bucket: number }, { k: 'a' | 'b'; bucket: number }];
    if (low.bucket === high.bucket) return; // the same bucket (1 in 100): no split to see
    stagedAt(high.bucket); // in: bucket < percent
    for (let i = 0; i < 2; i++) {
      expect(await versionsOf(low.k)).toEqual({ people: ['1.1.0-new', true] });
      expect(await versionsOf(high.k)).toEqual({ people: ['1.0.0-old', false] });
    }
  });

  it('gives an admin outside every stage the current versions, and an empty registry without a file', async () => {
    publish({
      people: {
        ...entry('people', '1.0.0-old'),
        staged: { ...entry('people', '1.1.0-new'), admins: ['someone@else.test'] },
      },
    });
    expect(await versionsOf('a')).toEqual({ people: ['1.0.0-old', false] });
    fs.rmSync(path.join(releases, 'registry.json'));
    expect((await registryOf('a')).remotes).toEqual({});
  });

  it('leaves stages out of the public /registry.json', async () => {
    publish({ people: { ...entry('people', '1.0.0-old'), staged: { ...entry('people', '1.1.0-new'), percent: 100 } } });
    const res = await api.server.app.inject({ method: 'GET', url: '/registry.json' });
    expect(res.json().remotes).toEqual({ people: entry('people', '1.0.0-old') });
  });

  it('refuses a request without a valid token with 401', async () => {
    const res = await api.call('GET', endpoints.getRemoteRegistry.path);
    expect(res.status).toBe(401);
    const bad = await api.call('GET', endpoints.getRemoteRegistry.path, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });
});
