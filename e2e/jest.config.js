/** Browser tests of the composed product: the production build served as `npm start` serves it. */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  // otplib (the team test types codes as an authenticator app would) needs ES modules compiled.
  transformIgnorePatterns: ['/node_modules/(?!(otplib|@otplib|@noble|@scure)/)'],
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
};
