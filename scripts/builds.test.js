const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { APPS, RECORD, distOf, recordBuild, sourcesOf, whyRebuild } = require('./builds');

/** A small checkout: every app, both shared packages, the webpack factory and the root files. */
function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-builds-'));
  const files = {
    'package.json': '{}',
    'package-lock.json': '{"lockfileVersion":3}',
    'tsconfig.base.json': '{}',
    'webpack/create-config.js': 'module.exports = () => ({});',
    'packages/ui-kit/src/index.ts': 'export const Table = 1;',
    'packages/ui-kit/src/Table.test.tsx': 'test',
    'packages/ui-kit/README.md': '# ui-kit',
    'packages/shared-api/src/index.ts': 'export const api = 1;',
  };
  for (const app of APPS) {
    files[`apps/${app}/src/index.ts`] = `export const title = '${app}';`;
    files[`apps/${app}/webpack.config.js`] = 'module.exports = {};';
  }
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root, file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** What a finished build leaves: its output and the record of the sources it was made from. */
function build(root, app) {
  fs.mkdirSync(distOf(app, root), { recursive: true });
  fs.writeFileSync(path.join(distOf(app, root), 'main.js'), '"built"');
  recordBuild(app, sourcesOf(app, root), root);
}

let root;
beforeEach(() => {
  root = checkout();
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('an app that was never built, or whose build left no record, is rebuilt', () => {
  expect(whyRebuild('people', root)).toBe('not built yet');
  fs.mkdirSync(distOf('people', root), { recursive: true });
  expect(whyRebuild('people', root)).toBe('no record of what its build was made from');
});

test('nothing is rebuilt when no source changed, nor for a change to a test or a README', () => {
  for (const app of APPS) build(root, app);
  write(root, 'packages/ui-kit/src/Table.test.tsx', 'test("more")');
  write(root, 'packages/ui-kit/README.md', '# ui-kit, reworded');
  write(root, 'apps/people/src/fans/FansList.test.tsx', 'test("new")');
  expect(APPS.map((app) => whyRebuild(app, root))).toEqual([null, null, null, null]);
});

test("a change to one app's screen rebuilds that app alone, naming the file", () => {
  for (const app of APPS) build(root, app);
  write(root, 'apps/people/src/index.ts', "export const title = 'Fans';");
  expect(whyRebuild('people', root)).toBe('1 source file changed since its last build: apps/people/src/index.ts');
  for (const app of ['shell', 'payments', 'catalog']) expect(whyRebuild(app, root)).toBeNull();
});

test('a change to a shared package, the webpack factory or the lockfile rebuilds every app', () => {
  for (const change of ['packages/shared-api/src/index.ts', 'webpack/create-config.js', 'package-lock.json']) {
    for (const app of APPS) build(root, app);
    write(root, change, `${fs.readFileSync(path.join(root, change), 'utf8')}\n// changed`);
    for (const app of APPS) expect(whyRebuild(app, root)).toBe(`1 source file changed since its last build: ${change}`);
  }
});

test('new and removed files count as changes, and a long list is cut short', () => {
  build(root, 'catalog');
  fs.rmSync(path.join(root, 'apps/catalog/webpack.config.js'));
  for (const n of [1, 2, 3]) write(root, `apps/catalog/src/screen${n}.tsx`, `export default ${n};`);
  expect(whyRebuild('catalog', root)).toBe(
    '4 source files changed since its last build: apps/catalog/src/screen1.tsx (new), ' +
      'apps/catalog/src/screen2.tsx (new), apps/catalog/src/screen3.tsx (new) and 1 more',
  );
});

test('a build started again (its dist cleaned, no record yet) is stale until it finishes', () => {
  build(root, 'shell');
  fs.rmSync(path.join(distOf('shell', root), RECORD));
  expect(whyRebuild('shell', root)).toBe('no record of what its build was made from');
});

describe('building the shell and the remotes (npm start)', () => {
  const { buildShellAndRemotes } = require('./builds');
  const later = (ms) => new Promise((r) => setTimeout(r, ms));

  test("starts the shell first and holds each remote's gate until the shell is built", async () => {
    const log = [];
    await buildShellAndRemotes(
      [
        { name: 'people', reason: 'changed' },
        { name: 'shell', reason: 'changed' },
        { name: 'catalog', reason: 'changed' },
      ],
      {
        buildShell: async () => {
          log.push('shell started');
          await later(50);
          log.push('shell built');
        },
        publish: async (name, _reason, shellBuilt) => {
          log.push(`${name} built`);
          await shellBuilt;
          log.push(`${name} gate`);
        },
      },
    );
    expect(log[0]).toBe('shell started');
    // Whether a remote builds beside the shell depends on the cores; its gate waits either way.
    for (const remote of ['people', 'catalog']) {
      expect(log.indexOf(`${remote} gate`)).toBeGreaterThan(log.indexOf('shell built'));
    }
  });

  test("a failed shell build fails the run, and no remote's gate reads its manifest", async () => {
    const gates = [];
    await expect(
      buildShellAndRemotes(
        [
          { name: 'shell', reason: 'changed' },
          { name: 'people', reason: 'changed' },
        ],
        {
          buildShell: async () => {
            await later(10);
            throw new Error('shell: webpack failed');
          },
          publish: async (name, _reason, shellBuilt) => {
            await shellBuilt;
            gates.push(name);
          },
        },
      ),
    ).rejects.toThrow('shell: webpack failed');
    expect(gates).toEqual([]);
  });
});
