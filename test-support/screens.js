/**
 * The spec's list screens, read from the one table of screens (packages/shared-api's screens.json):
 * every remote screen opens on its list, except a detail screen, whose route is under details/
 * (details/fan-details).
 * The browser tests and bench:bundle walk these.
 */
const { screens } = require('../packages/shared-api/src/screens/screens.json');

/** Each list's route under /app: 'fans', 'payouts-requests', … */
const LIST_PATHS = screens.filter((s) => s.remote && !s.path.startsWith('details/')).map((s) => s.path);

module.exports = { LIST_PATHS };
