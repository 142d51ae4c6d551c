/**
 * Writes `first-screen.json` into the shell's build: for each named group of the shell's lazy
 * imports (`import(/* webpackChunkName: "signed-in" *\/ …)`), every JS file the browser fetches
 * before that code can run: the group's own chunks, and the chunks of each shared library they
 * consume (the shell provides them all), and of what those consume in turn. The server puts them in
 * the page as preloads (apps/api/src/plugins/web.ts), so that they are on their way with main.js
 * instead of each waiting on the script that names it (one request wave instead of three). Before
 * that, it makes each first screen's own chunks one file (mergeFirstScreenChunks).
 */
const { Compilation, sources } = require('webpack');

const FILE = 'first-screen.json';

/**
 * The chunks the browser fetches before the code of these named chunk groups can run: the groups'
 * own chunks, and the chunks of each shared library they consume (the shell provides them all), and
 * of what those consume in turn.
 */
function chunksOfScreen(compilation, groupNames) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const m of compilation.modules) {
    if (m.type === 'provide-module') providers.set(m._name, m);
  }
  const chunks = new Set();
  const groups = new Set();
  const keys = new Set();
  const visitGroup = (group) => {
    if (!group || groups.has(group)) return;
    groups.add(group);
    for (const chunk of group.chunks) {
      chunks.add(chunk);
      for (const m of chunkGraph.getChunkModulesIterable(chunk)) {
        if (m.type !== 'consume-shared-module') continue;
        const key = m.options.shareKey;
        if (keys.has(key)) continue;
        keys.add(key);
        for (const block of providers.get(key)?.blocks ?? []) visitGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const name of groupNames) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`FirstScreenPlugin: no chunk group named "${name}"`);
    visitGroup(group);
  }
  return chunks;
}

/**
 * Makes each first screen's own chunks one file: what `screens[i]` needs beyond the screens before it
 * (the sign-in page's, then the signed-in screen's extra), so that the page fetches a handful of
 * files instead of twenty. A browser asks over HTTP/1.1 through six connections, one file at a time
 * on each: twenty files were four turns of asking, each waiting on the server's last reply, before
 * the session check (asked for last) could start. Merging changes nothing that runs (a chunk only
 * registers its modules; each runs when first required) and adds no bytes (each file's wrapper goes).
 *
 * A chunk holding a consume of a shared library (the federation puts those in chunks of their own)
 * stays apart: merged into the chunk that provides that library, loading it would wait on itself.
 */
function mergeFirstScreenChunks(compilation, screens) {
  const { chunkGraph } = compilation;
  const consumes = (chunk) =>
    [...chunkGraph.getChunkModulesIterable(chunk)].some((m) => m.type === 'consume-shared-module');
  const before = new Set();
  for (const names of screens) {
    const own = [...chunksOfScreen(compilation, names)].filter(
      (c) => !before.has(c) && !c.canBeInitial() && !consumes(c),
    );
    // Into the screen's own named chunk (its file keeps its name: signed-in.<hash>.js).
    const target = own.find((c) => c.name === names[names.length - 1]) ?? own[0];
    for (const c of own) {
      if (c === target || !chunkGraph.canChunksBeIntegrated(target, c)) continue;
      chunkGraph.integrateChunks(target, c);
      compilation.chunks.delete(c);
    }
    for (const c of chunksOfScreen(compilation, names)) before.add(c);
  }
}

class FirstScreenPlugin {
  /** @param {Record<string, string[]>} screens what each first screen needs, as named chunk groups */
  constructor(screens) {
    this.screens = screens;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreenPlugin', (compilation) => {
      compilation.hooks.optimizeChunks.tap(
        // After splitChunks (STAGE_ADVANCED) has made its chunks.
        { name: 'FirstScreenPlugin', stage: compiler.webpack.OptimizationStages.STAGE_ADVANCED + 5 },
        () => mergeFirstScreenChunks(compilation, Object.values(this.screens)),
      );
      compilation.hooks.processAssets.tap(
        { name: 'FirstScreenPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const filesOf = (groupNames) => {
            const files = new Set();
            for (const chunk of chunksOfScreen(compilation, groupNames))
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            return [...files].sort();
          };
          const out = Object.fromEntries(Object.entries(this.screens).map(([k, names]) => [k, filesOf(names)]));
          compilation.emitAsset(FILE, new sources.RawSource(`${JSON.stringify(out, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { FirstScreenPlugin, chunksOfScreen, FIRST_SCREEN_FILE: FILE };
