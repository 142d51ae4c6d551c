module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  // ESM-only dependencies: Node 20 requires them natively, jest's module runtime needs them compiled.
  // sanitize-html's own htmlparser2 12 (and its dom packages) are ES modules too; sanitize-html is
  // listed so that its nested node_modules path is not ignored first. otplib's own packages are
  // CommonJS, listed for the same reason: its @noble/hashes and @scure/base are ES modules.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|content-disposition|cookie|sanitize-html|htmlparser2|domhandler|domutils|entities|dom-serializer|domelementtype|otplib|@otplib|@noble|@scure)/)',
  ],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // A migrated and seeded database is built once and every test server starts from its snapshot.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};
