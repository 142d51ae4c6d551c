/**
 * Marks the files a first screen runs with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`
 * as their first line, Chrome 136 and later; other browsers read a comment): their functions are
 * then compiled as the file streams in, on a background thread, instead of each on the main thread
 * the first time it is called. About 100 ms of a cold Fans load's ~450 ms of main-thread work was
 * that lazy compiling (a trace here), of code that nearly all runs before the rows (React, the
 * router, the layout's antd components, the screen).
 *
 * Only those files: eager compiling costs time and memory for every function of the file, so a
 * chunk loaded later (a form, a dialog, the socket's client) is left to compile lazily. Marked: the
 * entry (main.js, a remote's remoteEntry.js), the chunks of the shell's first screens
 * (first-screen-plugin.js), and a remote's exposed screens' own chunks (`__federation_expose_*`).
 *
 * After minifying (which would drop the comment) and before source maps and content hashes, so that
 * the maps count the line and the file's name hashes what is served.
 */
const { Compilation, sources } = require('webpack');
const { chunksOfScreen } = require('./first-screen-plugin');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {Record<string, string[]>} [firstScreen] the shell's first screens, as named chunk groups */
  constructor(firstScreen) {
    this.firstScreen = firstScreen;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const hinted = new Set();
          for (const chunk of compilation.chunks) {
            if (chunk.hasRuntime() || chunk.name?.startsWith('__federation_expose_')) hinted.add(chunk);
          }
          for (const names of Object.values(this.firstScreen ?? {})) {
            for (const chunk of chunksOfScreen(compilation, names)) hinted.add(chunk);
          }
          for (const chunk of hinted) {
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
            }
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT: HINT };
