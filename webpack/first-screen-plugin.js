/**
 * Writes `first-screen.json` into the shell's build: for each named group of the shell's lazy
 * imports (`import(/* webpackChunkName: "signed-in" *\/ …)`), every JS file the browser fetches
 * before that code can run: the group's own chunks, and the chunks of each shared library they
 * consume (the shell provides them all), and of what those consume in turn. The server puts them in
 * the page as preloads (apps/api/src/plugins/web.ts), so that they are on their way with main.js
 * instead of each waiting on the script that names it (one request wave instead of three).
 */
const { Compilation, sources } = require('webpack');

const FILE = 'first-screen.json';

class FirstScreenPlugin {
  /** @param {Record<string, string[]>} screens what each first screen needs, as named chunk groups */
  constructor(screens) {
    this.screens = screens;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreenPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstScreenPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          const providers = new Map();
          for (const m of compilation.modules) {
            if (m.type === 'provide-module') providers.set(m._name, m);
          }
          const filesOf = (groupNames) => {
            const files = new Set();
            const groups = new Set();
            const keys = new Set();
            const visitGroup = (group) => {
              if (!group || groups.has(group)) return;
              groups.add(group);
              for (const chunk of group.chunks) {
                for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
                for (const m of chunkGraph.getChunkModulesIterable(chunk)) {
                  if (m.type !== 'consume-shared-module') continue;
                  const key = m.options.shareKey;
                  if (keys.has(key)) continue;
                  keys.add(key);
                  for (const block of providers.get(key)?.blocks ?? [])
                    visitGroup(chunkGraph.getBlockChunkGroup(block));
                }
              }
            };
            for (const name of groupNames) {
              const group = compilation.namedChunkGroups.get(name);
              if (!group) throw new Error(`FirstScreenPlugin: no chunk group named "${name}"`);
              visitGroup(group);
            }
            return [...files].sort();
          };
          const out = Object.fromEntries(Object.entries(this.screens).map(([k, names]) => [k, filesOf(names)]));
          compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(out, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { FirstScreenPlugin, FIRST_SCREEN_FILE: FILE };
