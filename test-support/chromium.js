/**
 * Debian's Chromium, as the browser tests and the bundle benchmark launch it: browsers cannot be
 * downloaded on these machines, and without the background-networking flags Chromium's own
 * connections are refused by the closed network many times a second.
 */
module.exports = {
  CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  CHROMIUM_ARGS: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
