/**
 * The table of screens (packages/shared-api/src/screens/table.ts) for the CommonJS tooling: the
 * webpack configs (each remote's exposes), the build and release scripts, the browser tests and the
 * bundle benchmark. It is TypeScript, so that links and bootstraps are type-checked against it; it
 * is read here as the contract's route table is (contract-routes-loader.js): evaluated once, in a
 * child Node process with tsx, whatever module system the caller runs in (jest's included).
 */
const path = require('node:path');
const { evaluateTs } = require('./evaluate-ts');

const TABLE = path.resolve(__dirname, '../packages/shared-api/src/screens/table.ts');

/** @type {{ remotes: string[], menuGroups: Record<string, string>, screens: Array<{ key: string, path: string, menu?: string, group?: string, within?: string, title: string, remote?: string, module?: string, file?: string }> }} */
const SCREEN_TABLE = evaluateTs(TABLE, 'm.SCREEN_TABLE');

/** A remote's screens as Module Federation exposes them: `./Module: file`, one per screen. */
const exposesOf = (remote) =>
  Object.fromEntries(SCREEN_TABLE.screens.filter((s) => s.remote === remote).map((s) => [`./${s.module}`, s.file]));

module.exports = { SCREEN_TABLE, TABLE, exposesOf };
