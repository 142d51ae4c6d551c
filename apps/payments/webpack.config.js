const createConfig = require('../../webpack/create-config');
const { screens } = require('../../packages/shared-api/src/screens/screens.json');

/** This remote's screens in the table of screens, as `./Module: file`. */
const exposesOf = (remote) =>
  Object.fromEntries(screens.filter((s) => s.remote === remote).map((s) => [`./${s.module}`, s.file]));

module.exports = createConfig({
  name: 'payments',
  title: 'Payments',
  dir: __dirname,
  port: 3002,
  // Each screen is its own exposed module, so a screen loads only its own code.
  exposes: exposesOf('payments'),
});
