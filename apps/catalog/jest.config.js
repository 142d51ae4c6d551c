module.exports = require('../../test-support/jest.web.js')('catalog', __dirname);
