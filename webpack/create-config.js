/**
 * The one webpack config factory of the four front-end apps (shell, people, payments, catalog).
 * Each app's webpack.config.js is a call to it; what differs between apps is data, not code.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { FirstScreenPlugin } = require('./first-screen-plugin');
const { CompileHintsPlugin } = require('./compile-hints-plugin');
const { antdStylesheetAsset } = require('./antd-styles');
const { evaluateTs } = require('./evaluate-ts');
const rootPackage = require('../package.json');

const ROOT = path.resolve(__dirname, '..');
/** shared-api's schema-free table of the contract, which the builds replace by its value. */
const CONTRACT_ROUTES = path.join(ROOT, 'packages/shared-api/src/contract/routes.ts');
/**
 * The page's own stylesheet (the loading overlay's, the sign-in form's), from ui-kit, written into
 * the HTML so that the page paints its loading overlay before any script has arrived.
 */
const PAGE_STYLES = path.join(ROOT, 'packages/ui-kit/src/host/pageStyles.ts');
let pageStyles;
const pageStylesOnce = () => (pageStyles ??= evaluateTs(PAGE_STYLES, '({ css: m.PAGE_CSS, id: m.PAGE_STYLE_ID })'));
const version = (name) => rootPackage.dependencies[name] || rootPackage.devDependencies[name];

/**
 * Third-party libraries that must be one instance per page. The trailing-slash entries share
 * subpaths (react-dom/client, react/jsx-runtime): without them a second react-dom loads and hooks
 * break. Strict: a remote built against a version the shell does not provide fails to load rather
 * than run beside the wrong one, and the release gate (apps/api/src/modules/releases/gate.ts) refuses it first.
 * socket.io-client is not listed: only shared-api's runtime imports it, and it is
 * itself one per page, so it travels inside it (one fewer entry in every remoteEntry.js).
 * Nor is react-router-dom: ui-kit's `./router` singleton is its only importer, and takes half of it.
 * Nor is dayjs: ui-kit's formatters are its only importer (no plugins, no locale, so no state to
 * share), and travel in ui-kit's shared chunk; share it again if antd's date pickers come in, which
 * must be handed the page's own dayjs.
 */
const THIRD_PARTY_SINGLETONS = {
  react: version('react'),
  'react/': version('react'),
  'react-dom': version('react-dom'),
  'react-dom/': version('react-dom'),
  '@tanstack/react-query': version('@tanstack/react-query'),
};

/**
 * Our shared packages, by the rule in README "Releasing a remote": each package's main entry is
 * shared by semver (not a singleton): the shell's copy serves every remote whose `^version` it
 * satisfies, and a remote built against a newer one gets the copy in its own build. The entries
 * listed in the package's `federation.singletons` (shared-api's runtime, ui-kit's antd and router) are what
 * must be one instance per page: shared under their own keys as strict singletons with their own
 * versions; a remote that needs a newer one is refused at release (apps/api/src/modules/releases/gate.ts).
 */
const OUR_PACKAGES = ['shared-api', 'ui-kit'].map((dir) => require(`../packages/${dir}/package.json`));

const strictSingleton = (v) => ({ singleton: true, strictVersion: true, requiredVersion: v });

const shared = {
  ...Object.fromEntries(Object.entries(THIRD_PARTY_SINGLETONS).map(([name, v]) => [name, strictSingleton(v)])),
  ...Object.fromEntries(
    OUR_PACKAGES.flatMap((pkg) => [
      [pkg.name, { singleton: false, version: pkg.version, requiredVersion: `^${pkg.version}` }],
      ...Object.entries(pkg.federation?.singletons || {}).map(([entry, v]) => [
        `${pkg.name}/${entry.replace(/^\.\//, '')}`,
        { ...strictSingleton(`^${v}`), version: v },
      ]),
    ]),
  ),
};

/**
 * What a published remote declares: the same, except that it carries no copy of a singleton. The
 * shell always provides those (the release gate refuses a remote whose singleton needs the deployed
 * shell cannot meet), so a fallback copy in the remote would only be dead weight, and its keys and
 * chunk lists would be in every remoteEntry.js (~0.8 KiB gzip). A remote's dev server keeps its
 * copies: it also runs standalone, where no shell provides them.
 */
const sharedOfPublishedRemote = Object.fromEntries(
  Object.entries(shared).map(([name, config]) => [name, config.singleton ? { ...config, import: false } : config]),
);

/**
 * The federation runtime's packages, each with its CommonJS and its ES module build. The runtime
 * plugin that hands the shell's runtime to the remotes (provideExternalRuntime) is required as
 * CommonJS and pulls the CommonJS build; the bundler runtime and the registry import the ES build:
 * the shell's first script carried the runtime twice (~20 KiB gzip of its 47). Every request for
 * one of them, import or require, resolves to the ES build instead.
 */
const FEDERATION_RUNTIME = [
  '@module-federation/runtime-core',
  '@module-federation/runtime',
  '@module-federation/runtime/core',
  '@module-federation/runtime-tools/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
  '@module-federation/error-codes/browser',
];

/** The file `request` names to an ES import, by its package's `exports` (the map that says so). */
function esModuleOf(request) {
  const parts = request.split('/');
  const nameParts = request.startsWith('@') ? 2 : 1;
  const pkgName = parts.slice(0, nameParts).join('/');
  const rest = parts.slice(nameParts);
  let dir = path.dirname(require.resolve(pkgName));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const target = require(path.join(dir, 'package.json')).exports[rest.length ? `./${rest.join('/')}` : '.'];
  const file = typeof target === 'string' ? target : target.import.default || target.import;
  return path.join(dir, file);
}

const federationRuntimeAliases = Object.fromEntries(FEDERATION_RUNTIME.map((r) => [`${r}$`, esModuleOf(r)]));

/**
 * react-router's production build, for production builds. Its package's `exports` name only its
 * development build, whatever the mode (remix-run/react-router#12532, #14102): every page then ran
 * its development warnings' checks. Its `dist/production` twin is the same code with them off.
 */
function reactRouterProductionAliases() {
  return Object.fromEntries(
    ['react-router', 'react-router/dom'].map((request) => {
      const file = esModuleOf(request).replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
      if (!fs.existsSync(file)) throw new Error(`react-router has no production build at ${file}`);
      return [`${request}$`, file];
    }),
  );
}

/**
 * Brotli (quality 11: once per build, ~8% smaller than quality 5) and gzip copies of the files a
 * browser fetches, beside each; source maps are left alone (only developer tools read them).
 */
function compressedCopies() {
  const test = /\.(js|css|json|svg)$/;
  return [
    new CompressionPlugin({
      test,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/** Writes a file made at config time (its content known) into the build, beside the others. */
class StaticAssetPlugin {
  constructor(name, content) {
    this.name = name;
    this.content = content;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StaticAssetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StaticAssetPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(this.name, new compiler.webpack.sources.RawSource(this.content)),
      );
    });
  }
}

/**
 * @param {object} app
 * @param {string} app.name      federation name and output.uniqueName (people, payments, catalog, shell)
 * @param {string} app.dir       the app's folder
 * @param {number} app.port      dev server port
 * @param {Record<string,string>} [app.exposes]  remote screens, e.g. { './Fans': './src/fans/FansScreen.tsx' }
 * @param {boolean} [app.host]   the shell: registers remotes at runtime from its registry
 * @param {string} [app.title]
 * @param {Record<string, string[]>} [app.firstScreen]  the shell: what each first screen needs, as named
 *   chunk groups, for the page's preloads (first-screen-plugin.js)
 */
module.exports = function createConfig(app) {
  return (_env, argv) => {
    const production = (argv.mode || process.env.NODE_ENV) === 'production';
    // antd's styles (antd-styles.js), for the page that renders the theme: the shell's, and a
    // remote's own when its dev server runs it alone. A published remote renders inside the shell's.
    const antdCss = app.host || !production ? antdStylesheetAsset() : undefined;
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // A remote is served from whatever versioned folder it was published to: find it at runtime.
        publicPath: app.host ? '/' : 'auto',
        uniqueName: app.name,
        // The federation runtime asks for this name before hashes exist, only to learn the folder
        // depth; give it the unhashed name then (same folder), the hashed one for the real file.
        filename: production
          ? (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js')
          : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        alias: { ...federationRuntimeAliases, ...(production ? reactRouterProductionAliases() : {}) },
      },
      module: {
        rules: [
          { test: CONTRACT_ROUTES, use: path.join(__dirname, 'contract-routes-loader.js') },
          // antd's form context (which Input, Button and the others read) imports FormProvider from
          // @rc-component/form's index, and that package does not say it is free of side effects,
          // so the whole form engine and its validator (~25 KiB gzip) came with every first screen.
          // Its modules are plain: an import of one name takes only that name's module. antd's Form
          // (the ./antd-on-demand singleton) still takes all of it.
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
          // antd's style functions, which zeroRuntime never calls (antd-style-functions-loader.js).
          {
            test: /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+[\\/])?style(\.js$|[\\/])/,
            use: path.join(__dirname, 'antd-style-functions-loader.js'),
          },
          {
            test: /\.tsx?$/,
            // Type errors are the type-check's job (npm test); the build only strips types.
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(app.dir, 'tsconfig.json') },
            },
            exclude: [/node_modules/, CONTRACT_ROUTES],
          },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(ROOT, 'node_modules/.cache/webpack', app.name),
        // A change to this factory (a loader, the minifier's options) must not reuse an old build's output.
        buildDependencies: {
          config: [
            path.join(__dirname, 'create-config.js'),
            path.join(__dirname, 'first-screen-plugin.js'),
            path.join(__dirname, 'compile-hints-plugin.js'),
            path.join(__dirname, 'index.html'),
            path.join(__dirname, 'antd-styles.js'),
            path.join(__dirname, 'antd-style-functions-loader.js'),
            PAGE_STYLES,
          ],
        },
      },
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        // swc's minifier (the @swc/core that jest already uses) in place of webpack's default terser:
        // a cold production build of one app takes two thirds of the time (29 s -> 19.5 s for people
        // on 2 cores), and every `npm start` after a change and every CI run builds.
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes || {},
          remotes: {},
          shared: production && !app.host ? sharedOfPublishedRemote : shared,
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          // Offline machines: no type download, no type-sync server.
          dts: false,
          dev: false,
          runtimePlugins: app.runtimePlugins || [],
          // Published remotes use the shell's federation runtime instead of each carrying its own
          // copy in remoteEntry.js (~22 KiB gzip apiece). Dev servers keep theirs: they also boot
          // standalone, where no shell provides one.
          experiments: {
            // A browser runtime only: the federation runtime drops its Node loaders (script via vm, fetch
            // of remote entries for SSR).
            optimization: { target: 'web' },
            ...(production ? (app.host ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
          },
        }),
        ...(production && app.firstScreen ? [new FirstScreenPlugin(app.firstScreen)] : []),
        ...(production ? [new CompileHintsPlugin(app.firstScreen)] : []),
        // The shell's files, compressed once at build for the server to send as they are
        // (@fastify/static's preCompressed): sent raw they were ~3.5x the bytes, which an admin's
        // network pays on every cold load. A remote's build carries none: the server compresses
        // what a release stores (apps/api/src/modules/releases/versions.ts), whoever built it.
        ...(production && app.host ? compressedCopies() : []),
        ...(antdCss ? [new StaticAssetPlugin(antdCss.name, antdCss.css)] : []),
        new HtmlWebpackPlugin({
          template: path.join(ROOT, 'webpack/index.html'),
          title: app.title || 'Back Office',
          chunks: ['main'],
          // The template writes the script tag itself (with its fetch priority).
          inject: false,
          pageStyles: pageStylesOnce(),
          antdCss: antdCss && `/${antdCss.name}`,
          // The page is served for every route (/app/fans/view/…): its script must not be relative.
          publicPath: '/',
        }),
      ],
      devServer: {
        // DEV_PORT lets a second copy (or a test) run beside one on the usual port.
        port: Number(process.env.DEV_PORT) || app.port,
        host: '127.0.0.1',
        allowedHosts: ['localhost', '127.0.0.1'],
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // A shell elsewhere loads this remote's manifest with fetch.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: [
          {
            context: ['/api', '/socket.io'],
            target: process.env.API_URL || 'http://127.0.0.1:8080',
            ws: true,
            changeOrigin: true,
          },
        ],
      },
    };
  };
};
