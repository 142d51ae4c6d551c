const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
/* global jest -- jest's module wrapper provides it */

const sri = (text) => `sha384-${crypto.createHash('sha384').update(text).digest('base64')}`;

/** scripts/remotes.js over a throw-away releases folder, with people's "build" in a folder of the test's. */
function setup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-remotes-'));
  works.push(work);
  const dist = path.join(work, 'dist');
  jest.resetModules();
  jest.doMock('./builds', () => ({
    ...jest.requireActual('./builds'),
    distOf: () => dist,
  }));
  process.env.RELEASES_DIR = path.join(work, 'releases');
  const build = (files) => {
    fs.rmSync(dist, { recursive: true, force: true });
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), text);
    }
  };
  const remotes = require('./remotes');
  const registry = () => JSON.parse(fs.readFileSync(path.join(work, 'releases', 'registry.json'), 'utf8'));
  return { work, build, remotes, registry };
}

const works = [];
let log;
beforeEach(() => {
  log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  log.mockRestore();
  delete process.env.RELEASES_DIR;
  for (const work of works.splice(0)) fs.rmSync(work, { recursive: true, force: true });
});

describe('integrity of released remotes', () => {
  it('puts the SHA-384 of every released file of the current version into its registry entry', () => {
    const { build, remotes, registry } = setup();
    build({
      'mf-manifest.json': '{"a":1}',
      'remoteEntry.js': 'entry()',
      'static/js/1.js': 'one()',
      '.build-record.json': '{}',
    });
    const version = remotes.ensureReleased('people');
    expect(registry().remotes.people).toMatchObject({
      version,
      integrity: {
        'mf-manifest.json': sri('{"a":1}'),
        'remoteEntry.js': sri('entry()'),
        'static/js/1.js': sri('one()'),
      },
    });
    expect(Object.keys(registry().remotes.people.integrity)).not.toContain('.build-record.json');
  });

  it('a promote or a rollback uses the hashes recorded at release, never a file changed since', () => {
    const { work, build, remotes, registry } = setup();
    build({ 'mf-manifest.json': '{"v":1}', 'remoteEntry.js': 'first()' });
    const first = remotes.ensureReleased('people');
    build({ 'mf-manifest.json': '{"v":2}', 'remoteEntry.js': 'second()' });
    const second = remotes.ensureReleased('people');
    remotes.point('people', second);
    // changed on the server after its release
    fs.writeFileSync(path.join(work, 'releases', 'remotes', 'people', first, 'remoteEntry.js'), 'tampered()');
    remotes.point('people', first);
    expect(registry().remotes.people.version).toBe(first);
    expect(registry().remotes.people.integrity['remoteEntry.js']).toBe(sri('first()'));
  });

  it('a current version released before hashes were recorded gets them from its released files, once', () => {
    const { work, build, remotes, registry } = setup();
    build({ 'mf-manifest.json': '{}', 'remoteEntry.js': 'old()' });
    const version = remotes.ensureReleased('people');
    const file = path.join(work, 'releases', 'registry.json');
    const old = registry();
    delete old.remotes.people.integrity;
    fs.writeFileSync(file, JSON.stringify(old));
    fs.rmSync(path.join(work, 'releases', 'integrity'), { recursive: true });
    remotes.ensureReleased('people');
    expect(registry().remotes.people).toMatchObject({ version, integrity: { 'remoteEntry.js': sri('old()') } });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('released before integrity hashes were recorded'));
  });
});

describe('staged rollout', () => {
  /** Two released versions of people, the first current, the second not. */
  function twoVersions() {
    const s = setup();
    s.build({ 'mf-manifest.json': '{"v":1}', 'remoteEntry.js': 'one()' });
    const v1 = s.remotes.ensureReleased('people');
    s.build({ 'mf-manifest.json': '{"v":2}', 'remoteEntry.js': 'two()' });
    const v2 = s.remotes.ensureReleased('people'); // released, not current: v1 stays
    return { ...s, v1, v2 };
  }

  it('stages a published version to named admins beside the current one, with its hashes', async () => {
    const { remotes, registry, v1, v2 } = twoVersions();
    await remotes.main(['stage', 'people', v2, '--admins', 'A@x.test,b@x.test']);
    const entry = registry().remotes.people;
    expect(entry.version).toBe(v1);
    expect(entry.staged).toMatchObject({
      version: v2,
      manifestUrl: `/remotes/people/${v2}/mf-manifest.json`,
      integrity: { 'mf-manifest.json': sri('{"v":2}'), 'remoteEntry.js': sri('two()') },
      admins: ['a@x.test', 'b@x.test'],
    });
    expect(remotes.listLines()[0]).toContain(`staged: ${v2} to a@x.test, b@x.test`);
  });

  it('stages to a percentage, and a promote to everyone ends the stage', async () => {
    const { remotes, registry, v1, v2 } = twoVersions();
    await remotes.main(['stage', 'people', v2, '--percent=10']);
    expect(registry().remotes.people.staged).toMatchObject({ version: v2, percent: 10 });
    await remotes.main(['promote', 'people', v2]);
    const entry = registry().remotes.people;
    expect(entry).toMatchObject({ version: v2, history: [v1] });
    expect(entry.staged).toBeUndefined();
    expect(remotes.listLines()[0]).toContain(`previous: ${v1}`);
  });

  it('a rollback drops the stage first, then rolls back the current version', async () => {
    const { remotes, registry, v1, v2 } = twoVersions();
    await remotes.main(['promote', 'people', v2]);
    await remotes.main(['stage', 'people', v1, '--percent', '50']);
    await remotes.main(['rollback', 'people']);
    expect(registry().remotes.people).toMatchObject({ version: v2 });
    expect(registry().remotes.people.staged).toBeUndefined();
    await remotes.main(['rollback', 'people']);
    expect(registry().remotes.people.version).toBe(v1);
  });

  it('refuses a stage that is unpublished, already current, or to nobody, and changes nothing', async () => {
    const { remotes, registry, v1, v2 } = twoVersions();
    const before = registry();
    await expect(remotes.main(['stage', 'people', 'nope', '--percent', '5'])).rejects.toThrow('is not published');
    await expect(remotes.main(['stage', 'people', v1, '--percent', '5'])).rejects.toThrow('already current');
    await expect(remotes.main(['stage', 'people', v2])).rejects.toThrow('either --admins');
    await expect(remotes.main(['stage', 'people', v2, '--percent', '101'])).rejects.toThrow('0 to 100');
    await expect(remotes.main(['stage', 'people', v2, '--admins', 'not-an-email'])).rejects.toThrow('emails');
    expect(registry()).toEqual(before);
  });
});
