const createConfig = require('../../webpack/create-config');
const { exposesOf } = require('../../webpack/screen-table');

module.exports = createConfig({
  name: 'people',
  title: 'People',
  dir: __dirname,
  port: 3001,
  // Each screen is its own exposed module, so a screen loads only its own code.
  exposes: exposesOf('people'),
});
