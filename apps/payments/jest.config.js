module.exports = require('../../test-support/jest.web.js')('payments', __dirname);
