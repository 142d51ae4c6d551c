module.exports = require('../../test-support/jest.web.js')('people', __dirname);
