/**
 * Another commit's product beside this one, for `npm run bench:bundle -- --baseline REF`: the
 * commit checked out in a git worktree in the temporary folder (kept between runs: its install and
 * build are made once; not under node_modules, whose paths the build's TypeScript rule skips), installed and built as `npm install && npm start`
 * would, then served by its own API server on the same small seeded database as this one's.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./product');

function git(args, cwd = ROOT) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** The worktree of `ref`, installed and built; returns its folder. */
function prepareBaseline(ref) {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), 'bo-bench-baseline', commit.slice(0, 12));
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    git(['worktree', 'add', '--detach', '--force', dir, commit]);
  }
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: dir, stdio: 'inherit' });
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    console.log(`baseline ${ref} (${commit.slice(0, 10)}): npm install in ${dir}`);
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
  }
  // Builds what its sources say (nothing when built before), as its own `npm start` would.
  run(process.execPath, ['scripts/start.js', '--no-serve']);
  return { dir, commit };
}

module.exports = { prepareBaseline };
