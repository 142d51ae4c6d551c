const path = require('node:path');
const { ResolverFactory, CachedInputFileSystem } = require('enhanced-resolve');
const fs = require('node:fs');

const ROOT = path.resolve(__dirname, '..');
const shellConfig = require(path.join(ROOT, 'apps/shell/webpack.config.js'));

/** Where the shell's build, in `mode`, takes `request` from, resolved as webpack resolves it. */
function resolvedIn(mode, request) {
  const { resolve } = shellConfig({}, { mode });
  const resolver = ResolverFactory.createResolver({
    ...resolve,
    fileSystem: new CachedInputFileSystem(fs, 4000),
    conditionNames: [mode, 'import', 'module', 'webpack', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    useSyncFileSystemCalls: true,
  });
  return resolver.resolveSync({}, path.join(ROOT, 'packages/ui-kit/src'), request);
}

describe("react-router in the builds (its package's exports name only its development build)", () => {
  it.each(['react-router', 'react-router/dom'])('a production build takes %s from its production build', (request) => {
    expect(resolvedIn('production', request)).toMatch(/react-router\/dist\/production\//);
  });

  it('a development build keeps the development one, with its warnings', () => {
    expect(resolvedIn('development', 'react-router')).toMatch(/react-router\/dist\/development\//);
  });
});
