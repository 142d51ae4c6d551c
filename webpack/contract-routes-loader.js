/**
 * Replaces shared-api's `contract/routes.ts` in the apps' builds with its value: the schema-free
 * table of endpoints and events, computed from the contract at build time. The module itself
 * derives the tables from the TypeBox schemas, so loading it as it is would ship the schema builder
 * and every schema to every page; its value is a few KiB of JSON.
 *
 * The contract is TypeScript: it is evaluated in a child Node process with tsx (the runner the API
 * server starts with), which also keeps a watching dev server from reading a cached old version.
 */
const path = require('node:path');
const { evaluateTs } = require('./evaluate-ts');

module.exports = function contractRoutesLoader() {
  const contract = path.dirname(this.resourcePath);
  // Any file of the contract or its constants may change the tables.
  this.addContextDependency(contract);
  this.addContextDependency(path.join(contract, '..', 'constants'));
  const tables = evaluateTs(
    this.resourcePath,
    '{ ROUTES: m.ROUTES, EVENTS: m.EVENTS, LIST_ENDPOINTS: m.LIST_ENDPOINTS }',
  );
  return Object.entries(tables)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`)
    .join('');
};
