/**
 * The table of screens (packages/shared-api/src/screens/table.ts) against the plain-JS parts that
 * read it: each remote's federation exposes, and the build script's list of remotes. (Each remote's
 * standalone host is held to it by the type-check: ScreenComponents.)
 */
const fs = require('node:fs');
const path = require('node:path');
const { SCREEN_TABLE: table } = require('../webpack/screen-table');
const { REMOTES } = require('./builds');

const ROOT = path.resolve(__dirname, '..');

/** The exposes a remote's webpack config hands to Module Federation. */
function exposesOf(remote) {
  const config = require(path.join(ROOT, 'apps', remote, 'webpack.config.js'))({}, { mode: 'production' });
  const federation = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return federation._options.exposes;
}

const screensOf = (remote) => table.screens.filter((s) => s.remote === remote);

test('the build and release scripts build the remotes of the table, and every screen names one of them', () => {
  expect(REMOTES).toEqual(['people', 'payments', 'catalog']);
  for (const s of table.screens.filter((s) => s.remote)) expect(REMOTES).toContain(s.remote);
});

test.each(['people', 'payments', 'catalog'])(
  '%s exposes exactly its screens of the table, each a file it has',
  (remote) => {
    const expected = Object.fromEntries(screensOf(remote).map((s) => [`./${s.module}`, s.file]));
    expect(exposesOf(remote)).toEqual(expected);
    for (const file of Object.values(expected)) expect(fs.existsSync(path.join(ROOT, 'apps', remote, file))).toBe(true);
  },
);

test('every key and path is written once, and a screen off the menu names the entry it belongs to', () => {
  const keys = table.screens.map((s) => s.key);
  const paths = table.screens.map((s) => s.path.split('/:')[0]);
  expect(new Set(keys).size).toBe(keys.length);
  expect(new Set(paths).size).toBe(paths.length);
  for (const s of table.screens) {
    if (s.menu) expect(s.within).toBeUndefined();
    else expect(table.screens.find((m) => m.key === s.within)?.menu).toBeDefined();
    if (s.group) expect(table.menuGroups[s.group]).toBeDefined();
  }
});
