/**
 * Reads a value out of one of our TypeScript modules from CommonJS tooling (the webpack configs and
 * loaders, the scripts, the tests): the module is evaluated in a child Node process with tsx (the
 * runner the API server starts with), whatever module system the caller runs in (jest's included),
 * and never from a cache a watching build would keep stale.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

/** Runs `expression` (over the module `file` as `m`) in a child Node with tsx; returns its JSON. */
function evaluateTs(file, expression) {
  const script = `import(${JSON.stringify(file)}).then((mod) => { const m = mod.default ?? mod; process.stdout.write(JSON.stringify(${expression})); })`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(__dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out);
}

module.exports = { evaluateTs };
