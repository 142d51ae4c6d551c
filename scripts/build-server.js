#!/usr/bin/env node
/**
 * `npm run build` (after the front end): the API server compiled to plain JavaScript in
 * apps/api/dist (main.js, and the admin, migrate, backup and restore commands), so that production
 * starts it with `node` and its runtime dependencies only, no TypeScript runner or bundler. The workspace packages
 * it uses (the contract) are bundled in: they are TypeScript sources. Every npm dependency of the
 * API stays an import, installed by `npm ci --omit=dev`.
 */
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '..');
const API = path.join(ROOT, 'apps', 'api');
const { dependencies } = require(path.join(API, 'package.json'));

async function buildServer() {
  const external = Object.keys(dependencies).filter((name) => !name.startsWith('@backoffice/'));
  const started = Date.now();
  await esbuild.build({
    entryPoints: {
      main: path.join(API, 'src/main.ts'),
      admin: path.join(API, 'src/cli/admin.ts'),
      migrate: path.join(API, 'src/cli/migrate.ts'),
      backup: path.join(API, 'src/cli/backup.ts'),
      restore: path.join(API, 'src/cli/restore.ts'),
    },
    outdir: path.join(API, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Subpaths too (pglite/contrib/…, @fastify/…/types).
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  console.log(`Built the API server into apps/api/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

module.exports = { buildServer };

if (require.main === module) {
  buildServer().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
