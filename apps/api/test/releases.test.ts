import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, RELEASE_LIMITS, type DataOf } from '@backoffice/shared-api/contract';
import { hashPassword } from '../src/modules/auth/passwords';
import { roleByKey } from '../src/modules/admins/roles';
import { bucketOf } from '../src/modules/releases/registry';
import { importReleasesFolder } from '../src/modules/releases/local-builds';
import { TEST_ADMIN } from './helpers/constants';
import { BOTH_BACKENDS, startTestApi, type TestApi } from './helpers/test-api';
import { archiveOf, buildOf, type Entry } from './helpers/builds';

const OTHER = { email: 'stage.other@test.local', password: 'Stage-Other-Password-1' };
const sri = (s: string | Buffer) => `sha384-${crypto.createHash('sha384').update(s).digest('base64')}`;

describe.each(BOTH_BACKENDS)('releases in the database (%s)', (backend) => {
  let api: TestApi;
  let shellDist: string;
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  const ids: Record<'a' | 'b', string> = { a: '', b: '' };
  let peopleToken = '';

  beforeAll(async () => {
    // The shell this server serves, as the gate reads it: React 19 as a singleton.
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-releases-shell-'));
    fs.writeFileSync(
      path.join(shellDist, 'mf-manifest.json'),
      JSON.stringify({ name: 'shell', shared: [{ name: 'react', version: '19.3.1', singleton: true }] }),
    );
    api = await startTestApi(backend, { env: { SHELL_DIST: shellDist, REMOTE_OVERRIDE_ORIGINS: 'localhost' } });
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
    const created = await api.call('POST', endpoints.createDeployToken.path, {
      token: tokens.a,
      body: { remote: 'people', name: 'people CI' },
    });
    expect(created.status).toBe(200);
    peopleToken = created.body.data.token;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(shellDist, { recursive: true, force: true });
  });

  const upload = async (remote: string, entries: Entry[] | Buffer, token = peopleToken) =>
    api.call('POST', endpoints.uploadRelease.path, {
      token,
      query: { remote },
      body: Buffer.isBuffer(entries) ? entries : await archiveOf(entries),
      headers: { 'content-type': 'application/gzip' },
    });
  const change = (name: 'promoteRelease' | 'stageRelease' | 'rollbackRelease', body: object, token = peopleToken) =>
    api.call('POST', endpoints[name].path, { token, body });
  const releases = async () =>
    (await api.call('GET', endpoints.getReleases.path, { token: tokens.a })).body.data.remotes as Array<
      DataOf<typeof endpoints.getReleases>['remotes'][number]
    >;
  const peopleReleases = async () => (await releases()).find((r) => r.remote === 'people')!;
  const registryOf = async (who: 'a' | 'b'): Promise<DataOf<typeof endpoints.getRemoteRegistry>> => {
    const res = await api.call('GET', endpoints.getRemoteRegistry.path, { token: tokens[who] });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const versionOf = async (who: 'a' | 'b') => {
    const e = (await registryOf(who)).remotes.people;
    return e && [e.version, e.staged];
  };
  const versions: string[] = [];

  it('stores an uploaded build once, hashed by the server, and serves it from the database', async () => {
    const build = buildOf('people', 'one');
    const first = await upload('people', build);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ remote: 'people', created: true, files: 3 });
    expect(first.body.data.version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    const again = await upload('people', build);
    expect(again.body.data).toMatchObject({ version: first.body.data.version, created: false });
    versions.push(first.body.data.version);
    // Uploaded is not served: nobody gets it before a promote.
    expect(await versionOf('a')).toBeUndefined();

    expect((await change('promoteRelease', { remote: 'people', version: versions[0] })).status).toBe(200);
    const entry = (await registryOf('a')).remotes.people!;
    expect(entry).toMatchObject({ version: versions[0], staged: false });
    expect(entry.manifestUrl).toBe(`/remotes/people/${versions[0]}/mf-manifest.json`);
    // The integrity records are the hashes of the bytes the server received.
    for (const f of build) expect(entry.integrity![f.name]).toBe(sri(f.content!));
    const chunk = await api.server.app.inject({ url: `/remotes/people/${versions[0]}/static/chunk.js` });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe(build[2]!.content);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    const manifest = await api.server.app.inject({ url: entry.manifestUrl });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const registry = await api.server.app.inject({ url: '/registry.json' });
    expect(registry.headers['cache-control']).toBe('no-store');
    expect(registry.json().remotes.people.version).toBe(versions[0]);
    expect((await api.server.app.inject({ url: `/remotes/people/${versions[0]}/nope.js` })).statusCode).toBe(404);
  });

  it('a file shared by two versions is stored once', async () => {
    const two = await upload('people', buildOf('people', 'two'));
    versions.push(two.body.data.version);
    const { count } = await api.database.db
      .selectFrom('release_files')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    // one manifest (same content), two remote entries, two chunks
    expect(Number(count)).toBe(5);
  });

  it('refuses a people token on payments, a path leaving its folder, an over-size upload, a build the shell cannot serve: the registry stays', async () => {
    const before = await releases();
    const asPayments = await upload('payments', buildOf('payments', 'x'));
    expect(asPayments.status).toBe(403);
    expect(asPayments.body.message).toBe('This deploy token releases another remote');
    expect((await change('promoteRelease', { remote: 'payments', version: versions[0] })).status).toBe(403);

    const escape = await upload('people', [...buildOf('people', 'esc'), { name: '../../etc/evil.js', content: 'x' }]);
    expect(escape.status).toBe(400);
    expect(escape.body.message).toMatch(/leaves its folder/);
    const link = await upload('people', [
      ...buildOf('people', 'lnk'),
      { name: 'l.js', type: 'symlink', linkname: '/etc/passwd' },
    ]);
    expect(link.status).toBe(400);
    const kind = await upload('people', [...buildOf('people', 'kind'), { name: 'run.sh', content: 'rm -rf /' }]);
    expect(kind.status).toBe(400);

    // Zeros: a few KiB compressed, more than a file may be unpacked (a small bomb is refused as it unpacks).
    const big = Buffer.alloc(RELEASE_LIMITS.fileBytes + 1);
    const huge = await upload('people', [...buildOf('people', 'big'), { name: 'big.js', content: big }]);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The upload is larger than a build may be');

    const react99 = await upload(
      'people',
      buildOf('people', 'r99', [{ name: 'react', requiredVersion: '^99.0.0', singleton: true }]),
    );
    expect(react99.status).toBe(422);
    expect(react99.body.message).toMatch(/people needs react \^99\.0\.0, the shell provides 19\.3\.1/);
    expect((await upload('people', Buffer.from('not a gzip'))).status).toBe(400);
    const tooBig = await upload('people', Buffer.alloc(RELEASE_LIMITS.uploadBytes + 1));
    expect([tooBig.status, tooBig.body.statusCode]).toEqual([413, 413]);
    const asJson = await api.call('POST', endpoints.uploadRelease.path, {
      token: peopleToken,
      query: { remote: 'people' },
      body: { files: [] },
    });
    expect(asJson.status).toBe(415);

    expect(await releases()).toEqual(before);
  });

  it('stages to named admins and to a stable percentage; the public registry says only that a stage is under way', async () => {
    const staged = await change('stageRelease', {
      remote: 'people',
      version: versions[1],
      admins: [TEST_ADMIN.adminEmail.toUpperCase()],
    });
    expect(staged.status).toBe(200);
    expect(await versionOf('a')).toEqual([versions[1], true]);
    expect(await versionOf('b')).toEqual([versions[0], false]);
    const pub = (await api.server.app.inject({ url: '/registry.json' })).json();
    expect(pub.remotes.people).toMatchObject({ version: versions[0], staged: false, stageActive: true });
    expect(JSON.stringify(pub)).not.toContain(TEST_ADMIN.adminEmail);
    expect(JSON.stringify(pub)).not.toContain(versions[1]);

    for (const percent of [0, 100]) {
      await change('stageRelease', { remote: 'people', version: versions[1], percent });
      const expected = percent ? [versions[1], true] : [versions[0], false];
      expect(await versionOf('a')).toEqual(expected);
      expect(await versionOf('b')).toEqual(expected);
    }
    const [low, high] = [bucketOf(ids.a, 'people'), bucketOf(ids.b, 'people')];
    if (low !== high) {
      await change('stageRelease', { remote: 'people', version: versions[1], percent: Math.max(low, high) });
      const inStage = low < high ? 'a' : 'b';
      expect(await versionOf(inStage)).toEqual([versions[1], true]);
      expect(await versionOf(inStage === 'a' ? 'b' : 'a')).toEqual([versions[0], false]);
    }
  });

  it('changes are compare-and-swap: of two changes from the same revision, one wins', async () => {
    const { revision } = await peopleReleases();
    const results = await Promise.all([
      change('promoteRelease', { remote: 'people', version: versions[1], revision }, tokens.a),
      change('rollbackRelease', { remote: 'people', revision }, tokens.b),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await peopleReleases()).revision).toBe(revision + 1);
  });

  it('a rollback ends a stage first, then goes back to the previous version; every change is audited by its releaser', async () => {
    await change('promoteRelease', { remote: 'people', version: versions[1] });
    await change('stageRelease', { remote: 'people', version: versions[0], percent: 100 });
    await change('rollbackRelease', { remote: 'people' });
    let state = await peopleReleases();
    expect([state.current, state.staged]).toEqual([versions[1], null]);
    await change('rollbackRelease', { remote: 'people' });
    state = await peopleReleases();
    expect(state.current).toBe(versions[0]);
    expect(state.versions.map((v) => v.releasedBy)).toEqual([
      'deploy token "people CI" (people)',
      'deploy token "people CI" (people)',
    ]);
    const audited = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('action', 'like', 'release.%')
      .orderBy('seq')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'release.deployTokenCreated',
        'release.uploaded',
        'release.promoted',
        'release.staged',
        'release.rolledBack',
      ]),
    );
    expect(
      audited
        .filter((a) => a.action === 'release.rolledBack')
        .slice(-2)
        .every((a) => a.actor_email === 'deploy token "people CI" (people)'),
    ).toBe(true);
  });

  it('a revoked token is refused; a deploy token cannot call an admin endpoint; tokens are listed without secrets', async () => {
    const list = await api.call('GET', endpoints.getDeployTokens.path, { token: tokens.a });
    expect(list.body.data).toEqual([
      expect.objectContaining({ remote: 'people', name: 'people CI', lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(peopleToken);
    expect((await api.call('GET', endpoints.getAllFans.path, { token: peopleToken })).status).toBe(401);
    expect((await api.call('GET', endpoints.getDeployTokens.path, { token: peopleToken })).status).toBe(401);
    const id = list.body.data[0]._id;
    expect((await api.call('POST', endpoints.revokeDeployToken.path, { token: tokens.a, query: { id } })).status).toBe(
      200,
    );
    expect((await upload('people', buildOf('people', 'after'))).status).toBe(401);
  });

  it('a staged version that fails more than the current one halts by itself', async () => {
    await change('stageRelease', { remote: 'people', version: versions[1], percent: 100 }, tokens.a);
    const report = (version: string, views: number, errors: number) =>
      api.call('POST', endpoints.reportRemotes.path, {
        token: tokens.b,
        body: { reports: [{ remote: 'people', version, views, errors }] },
      });
    expect((await report(versions[0]!, 30, 0)).status).toBe(200);
    await report(versions[1]!, 10, 5); // under the minimum of views: not yet
    expect((await peopleReleases()).staged?.version).toBe(versions[1]);
    await report(versions[1]!, 10, 5);
    const state = await peopleReleases();
    expect(state.staged).toBeNull();
    expect(state.halted).toMatchObject({
      version: versions[1],
      staged: { views: 20, errors: 10 },
      current: { views: 30 },
    });
    expect(state.halted!.reason).toMatch(/10 failures in 20 views \(50\.0%\)/);
    expect(await versionOf('a')).toEqual([versions[0], false]);
    const told = (await api.outbox()).filter((m) => m.subject === `Release halted: people ${versions[1]}`);
    expect(told.map((m) => m.to)).toEqual(expect.arrayContaining([TEST_ADMIN.adminEmail, OTHER.email]));
  });

  it('imports a releases folder once: versions with integrity records that still match, never re-hashed', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-releases-folder-'));
    const write = (rel: string, content: string | undefined) => {
      if (content === undefined) return;
      fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
      fs.writeFileSync(path.join(folder, rel), content);
    };
    const good = buildOf('catalog', 'good');
    const changed = buildOf('catalog', 'changed');
    for (const [version, files, records] of [
      ['1.0.0-good', good, true],
      ['1.0.0-norecords', buildOf('catalog', 'no'), false],
      ['1.0.0-changed', changed, true],
    ] as const) {
      for (const f of files) write(`remotes/catalog/${version}/${f.name}`, String(f.content));
      if (records) {
        const hashes = Object.fromEntries(files.map((f) => [f.name, sri(String(f.content))]));
        if (version === '1.0.0-changed') hashes['static/chunk.js'] = sri('what it was when released');
        write(`integrity/catalog/${version}.json`, JSON.stringify(hashes));
      }
    }
    write(
      'registry.json',
      JSON.stringify({ remotes: { catalog: { version: '1.0.0-good', history: ['1.0.0-norecords'] } } }),
    );
    // A database with releases already is never imported into again.
    await importReleasesFolder(api.server.context, folder);
    expect((await releases()).find((r) => r.remote === 'catalog')!.versions).toEqual([]);

    await api.database.db.deleteFrom('release_registry').execute();
    await api.database.db.deleteFrom('release_figures').execute();
    await api.database.db.deleteFrom('release_versions').execute();
    await importReleasesFolder(api.server.context, folder);
    const catalog = (await releases()).find((r) => r.remote === 'catalog')!;
    expect(catalog.versions.map((v) => v.version)).toEqual(['1.0.0-good']);
    expect([catalog.current, catalog.previous]).toEqual(['1.0.0-good', null]);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a request without a valid token with 401', async () => {
    expect((await api.call('GET', endpoints.getRemoteRegistry.path)).status).toBe(401);
    expect((await api.call('GET', endpoints.getRemoteRegistry.path, { token: 'not-a-token' })).status).toBe(401);
  });
});
