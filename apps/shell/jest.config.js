module.exports = require('../../test-support/jest.web.js')('shell', __dirname);
