module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  // ESM-only dependencies: Node 20 requires them natively, jest's module runtime needs them compiled.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie)/)'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // A migrated and seeded database is built once and every test server starts from its snapshot.
  globalSetup: '<rootDir>/test/global-setup.ts',
};
