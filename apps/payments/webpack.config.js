const createConfig = require('../../webpack/create-config');
const { exposesOf } = require('../../webpack/screen-table');

module.exports = createConfig({
  name: 'payments',
  title: 'Payments',
  dir: __dirname,
  port: 3002,
  // Each screen is its own exposed module, so a screen loads only its own code.
  exposes: exposesOf('payments'),
});
