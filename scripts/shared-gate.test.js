const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
/* global jest -- jest's module wrapper provides it */
const { satisfies, unmetRequirements } = require('./shared-gate');

// As our builds write them: the main entries of our packages by semver, the rest singletons.
const SEMVER_SHARED = new Set(['@backoffice/shared-api', '@backoffice/ui-kit', 'only-mine']);
const shared = (entries) => ({
  shared: Object.entries(entries).map(([name, v]) => ({
    name,
    version: v.replace(/^[\^~]/, ''),
    requiredVersion: v,
    singleton: !SEMVER_SHARED.has(name),
  })),
});
const RUNTIME = '@backoffice/shared-api/runtime';

test('satisfies reads the ranges our builds write', () => {
  expect(satisfies('1.0.0', '^1.0.0')).toBe(true);
  expect(satisfies('1.3.0', '^1.1.0')).toBe(true);
  expect(satisfies('1.0.0', '^1.1.0')).toBe(false);
  expect(satisfies('0.2.0', '^0.2.0')).toBe(true);
  expect(satisfies('0.2.5', '^0.2.0')).toBe(true);
  expect(satisfies('0.3.0', '^0.2.0')).toBe(false);
  expect(satisfies('0.1.0', '^0.2.0')).toBe(false);
  expect(satisfies('19.4.0', '^19.3.1')).toBe(true);
  expect(satisfies('20.0.0', '^19.3.1')).toBe(false);
  expect(satisfies('1.2.3', '1.2.3')).toBe(true);
  expect(satisfies('1.2.4', '1.2.3')).toBe(false);
  expect(satisfies('1.3.0', '~1.2.3')).toBe(false);
  expect(satisfies('2.0.0', '>=1.2.3')).toBe(true);
  expect(satisfies('1.0.0', '*')).toBe(true);
  expect(satisfies('1.0.0', '^2.0.0 || ^1.0.0')).toBe(true);
  expect(satisfies('1.0.0', 'latest')).toBe(false);
});

test('names each shared package the shell cannot serve, singleton or not; one it does not share is the remote’s own', () => {
  const shell = shared({ '@backoffice/shared-api': '1.0.0', [RUNTIME]: '1.0.0', react: '19.3.1' });
  const remote = shared({
    '@backoffice/shared-api': '^1.1.0',
    [RUNTIME]: '^1.1.0',
    react: '^19.3.1',
    'only-mine': '^1.0.0',
  });
  expect(unmetRequirements(remote, shell)).toEqual([
    { name: '@backoffice/shared-api', required: '^1.1.0', provided: '1.0.0', singleton: false },
    { name: RUNTIME, required: '^1.1.0', provided: '1.0.0', singleton: true },
  ]);
});

test('a singleton the shell does not provide at all is unmet: a published remote carries no copy of one', () => {
  const shell = shared({ react: '19.3.1' });
  const remote = shared({ react: '^19.3.1', '@backoffice/ui-kit/router': '^1.0.0' });
  expect(unmetRequirements(remote, shell)).toEqual([
    { name: '@backoffice/ui-kit/router', required: '^1.0.0', provided: 'none', singleton: true },
  ]);
});

describe('publish and promote through the gate', () => {
  let work;
  let log;
  const write = (file, json) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(json));
  };
  function setup() {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-gate-'));
    const dist = path.join(work, 'dist');
    jest.resetModules();
    jest.doMock('./builds', () => ({
      ...jest.requireActual('./builds'),
      distOf: () => dist,
      buildApp: async () => {},
    }));
    process.env.RELEASES_DIR = path.join(work, 'releases');
    process.env.SHELL_DIST = path.join(work, 'shell');
    write(
      path.join(work, 'shell', 'mf-manifest.json'),
      shared({ '@backoffice/shared-api': '1.0.0', [RUNTIME]: '1.0.0', react: '19.3.1' }),
    );
    const build = (manifest) => {
      fs.rmSync(dist, { recursive: true, force: true });
      write(path.join(dist, 'mf-manifest.json'), manifest);
      fs.writeFileSync(path.join(dist, 'remoteEntry.js'), JSON.stringify(manifest));
    };
    const registryFile = path.join(work, 'releases', 'registry.json');
    const registry = () => (fs.existsSync(registryFile) ? fs.readFileSync(registryFile, 'utf8') : null);
    return { build, registry, remotes: require('./remotes') };
  }
  beforeEach(() => {
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    log.mockRestore();
    delete process.env.RELEASES_DIR;
    delete process.env.SHELL_DIST;
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('publishes a remote the shell can serve', async () => {
    const { build, registry, remotes } = setup();
    build(shared({ '@backoffice/shared-api': '^1.0.0', [RUNTIME]: '^1.0.0', react: '^19.3.1' }));
    const version = await remotes.publish('people');
    expect(JSON.parse(registry()).remotes.people.version).toBe(version);
  });

  it('publishes one built against a newer semver-shared package, saying it loads its own copy', async () => {
    const { build, registry, remotes } = setup();
    build(shared({ '@backoffice/shared-api': '^1.1.0', [RUNTIME]: '^1.0.0', react: '^19.3.1' }));
    const version = await remotes.publish('people');
    expect(JSON.parse(registry()).remotes.people.version).toBe(version);
    expect(log.mock.calls.flat().join('\n')).toContain(
      'people needs @backoffice/shared-api ^1.1.0, the shell provides 1.0.0: it loads its own copy',
    );
  });

  it('refuses to publish one that needs a newer singleton, naming it, registry unchanged', async () => {
    const { build, registry, remotes } = setup();
    build(shared({ [RUNTIME]: '^1.0.0' }));
    await remotes.publish('people');
    const before = registry();
    build(shared({ [RUNTIME]: '^1.1.0', react: '^19.3.1' }));
    await expect(remotes.main(['publish', 'people'])).rejects.toThrow(
      `people needs ${RUNTIME} ^1.1.0, the shell provides 1.0.0`,
    );
    expect(registry()).toBe(before);
    expect(remotes.published('people')).toHaveLength(1); // nothing copied either
  });

  it('refuses to promote (or stage) a published version the current shell cannot serve', async () => {
    const { build, registry, remotes } = setup();
    build(shared({ [RUNTIME]: '^1.0.0' }));
    const v1 = await remotes.publish('people');
    const before = registry();
    // A version released while the shell provided it, then the shell changed under it.
    write(
      path.join(process.env.RELEASES_DIR, 'remotes', 'people', 'v-new', 'mf-manifest.json'),
      shared({ [RUNTIME]: '^2.0.0' }),
    );
    await expect(remotes.main(['promote', 'people', 'v-new'])).rejects.toThrow(
      `people needs ${RUNTIME} ^2.0.0, the shell provides 1.0.0`,
    );
    await expect(remotes.main(['stage', 'people', 'v-new', '--percent', '10'])).rejects.toThrow(
      'the shell provides 1.0.0',
    );
    expect(registry()).toBe(before);
    expect(JSON.parse(registry()).remotes.people.version).toBe(v1);
  });
});
