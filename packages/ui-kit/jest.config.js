module.exports = require('../../test-support/jest.web.js')('ui-kit', __dirname);
