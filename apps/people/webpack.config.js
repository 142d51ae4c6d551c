const createConfig = require('../../webpack/create-config');

module.exports = createConfig({
  name: 'people',
  title: 'People',
  dir: __dirname,
  port: 3001,
  // Each area is its own exposed module, so a screen loads only its own code.
  exposes: {
    './Fans': './src/fans/FansScreen.tsx',
    './FanDetail': './src/fan-detail/FanDetailScreen.tsx',
    './Influencers': './src/influencers/InfluencersScreen.tsx',
    './Requests': './src/requests/RequestsScreen.tsx',
  },
});
