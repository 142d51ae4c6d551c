/**
 * Every package `npm install` installs, production's (npm ci --omit=dev) and the development tools
 * alike, supports the Node version the README names: an install on it prints no engine warning,
 * and nothing that runs may use what that Node lacks.
 */
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const ROOT = path.resolve(__dirname, '..');

describe('installed packages and the Node version', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const { engines } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const lowest = semver.minVersion(engines.node).version;

  it('the README names the same Node version as package.json', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${lowest.replace(/\.0$/, '')}`);
  });

  it(`npm install prints no engine warning on Node ${lowest}: no package it installs, development tools included, asks for more`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([where, p]) => where.includes('node_modules/') && !p.optional && typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(lowest, p.engines.node, { includePrerelease: true }))
      .map(([where, p]) => `${where.replace(/^.*node_modules\//, '')}@${p.version} (node ${p.engines.node})`);
    expect(refusing).toEqual([]);
  });
});
