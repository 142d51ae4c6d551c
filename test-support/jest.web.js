/** Shared jest settings of the browser packages and apps: jsdom, swc, the DOM setup. */
module.exports = (displayName, rootDir) => ({
  displayName,
  rootDir,
  // jsdom with the fetch classes that react-router's data routers need.
  testEnvironment: '<rootDir>/../../test-support/jsdom-environment.js',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/../../test-support/setup-dom.ts'],
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/../../test-support/file-stub.js',
    // @ant-design/icons' CommonJS build requires an ES module of @ant-design/colors; jest cannot load it.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
});
