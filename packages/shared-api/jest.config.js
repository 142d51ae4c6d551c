// jsdom: the client half (session in localStorage, HTTP, socket state) runs in the browser.
module.exports = require('../../test-support/jest.web.js')('shared-api', __dirname);
