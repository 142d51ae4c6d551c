const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { CompileHintsPlugin, COMPILE_HINT } = require('./compile-hints-plugin');

/** A minified production build of a page with a first screen and a later one, as the apps are built. */
function build(dir) {
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    'import(/* webpackChunkName: "first" */ "./first").then((m) => m.draw());\n' +
      'window.later = () => import(/* webpackChunkName: "later" */ "./later");\n',
  );
  fs.writeFileSync(path.join(dir, 'first.js'), 'export function draw() { document.title = "first"; }\n');
  fs.writeFileSync(path.join(dir, 'later.js'), 'export function open() { document.title = "later"; }\n');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:10].js' },
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
    plugins: [new CompileHintsPlugin({ screen: ['first'] })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve(stats.toJson({ assets: true, chunks: true }));
    }),
  );
}

describe('the compile hint on the files a first screen runs', () => {
  let dir;
  let stats;
  const fileOf = (chunkName) => {
    const chunk = stats.chunks.find((c) => c.names.includes(chunkName));
    return fs.readFileSync(
      path.join(
        dir,
        'dist',
        chunk.files.find((f) => f.endsWith('.js')),
      ),
      'utf8',
    );
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-compile-hints-'));
    stats = await build(dir);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is the first line of the entry and of the first screen's chunks, after minifying", () => {
    expect(fileOf('main').startsWith(COMPILE_HINT)).toBe(true);
    expect(fileOf('first').startsWith(COMPILE_HINT)).toBe(true);
    expect(fileOf('first')).toContain('document.title="first"');
  });

  it('is not on a chunk loaded later: its functions compile when first called', () => {
    expect(fileOf('later')).not.toContain('allFunctionsCalledOnLoad');
  });

  it('is counted by the source map: the code still maps to its source', () => {
    const file = stats.chunks.find((c) => c.names.includes('first')).files.find((f) => f.endsWith('.js'));
    const map = JSON.parse(fs.readFileSync(path.join(dir, 'dist', `${file}.map`), 'utf8'));
    // The hint's line maps to nothing: the first mapping is on the second line.
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(map.sources.some((s) => s.endsWith('first.js'))).toBe(true);
  });
});
