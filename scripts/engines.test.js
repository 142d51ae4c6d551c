/**
 * Every package production installs (npm ci --omit=dev: the lockfile's entries not marked dev)
 * supports the Node version the README names: an install on it prints no engine warning for them,
 * and none of them may use what that Node lacks.
 */
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const ROOT = path.resolve(__dirname, '..');

describe('runtime dependencies and the Node version', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const { engines } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const lowest = semver.minVersion(engines.node).version;

  it('the README names the same Node version as package.json', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${lowest.replace(/\.0$/, '')}`);
  });

  it(`every runtime package supports Node ${lowest}`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(
        ([where, p]) => where.includes('node_modules/') && !p.dev && !p.optional && typeof p.engines?.node === 'string',
      )
      .filter(([, p]) => !semver.satisfies(lowest, p.engines.node, { includePrerelease: true }))
      .map(([where, p]) => `${where.replace(/^.*node_modules\//, '')}@${p.version} (node ${p.engines.node})`);
    expect(refusing).toEqual([]);
  });
});
