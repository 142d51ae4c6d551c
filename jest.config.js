/** One jest run for the whole repo; each package brings its own project. */
module.exports = {
  projects: [
    '<rootDir>/packages/*/jest.config.js',
    '<rootDir>/apps/*/jest.config.js',
    '<rootDir>/e2e/jest.config.js',
    {
      // The repo's own tooling: what `npm start` rebuilds, which browser the tests launch, the builds' antd styles.
      displayName: 'tooling',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/scripts/**/*.test.js',
        '<rootDir>/test-support/**/*.test.js',
        '<rootDir>/webpack/**/*.test.js',
      ],
      transform: {},
    },
  ],
  // Each embedded database holds ~0.5 GB; two workers fit the 2-core CI machine.
  maxWorkers: 2,
  // The API suites start real servers on real databases.
  testTimeout: 60_000,
};
