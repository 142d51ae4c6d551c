const createConfig = require('../../webpack/create-config');

const config = createConfig({
  name: 'shell',
  title: 'Back Office',
  dir: __dirname,
  port: 3000,
  host: true,
  // What the page preloads for the screen it opens on (the server picks by path): the sign-in page,
  // a signed-in screen, and the dashboard with its charts. Names of the lazy imports' chunks.
  firstScreen: {
    signIn: ['bootstrap'],
    signedIn: ['bootstrap', 'signed-in'],
    dashboard: ['bootstrap', 'signed-in', 'dashboard', 'dashboard-charts'],
  },
});

/** In development the shell loads each remote from its own dev server, so every app reloads on change. */
const DEV_REGISTRY = {
  remotes: {
    people: { version: 'dev', manifestUrl: 'http://localhost:3001/mf-manifest.json' },
    payments: { version: 'dev', manifestUrl: 'http://localhost:3002/mf-manifest.json' },
    catalog: { version: 'dev', manifestUrl: 'http://localhost:3003/mf-manifest.json' },
  },
  // As the dev API is started (REMOTE_OVERRIDE_ORIGINS=localhost): overrides from this machine.
  overrides: { origins: ['http://localhost:*', 'http://127.0.0.1:*'] },
};

module.exports = (env, argv) => {
  const c = config(env, argv);
  c.devServer.setupMiddlewares = (middlewares, devServer) => {
    devServer.app.get('/registry.json', (_req, res) => res.json(DEV_REGISTRY));
    return middlewares;
  };
  return c;
};
