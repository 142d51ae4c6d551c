/**
 * The spec's list screens, read from the one table of screens (packages/shared-api's
 * screens/table.ts): every remote screen opens on its list, except one whose route takes a
 * parameter (details/fan-details/:id).
 * The browser tests and bench:bundle walk these.
 */
const { SCREEN_TABLE } = require('../webpack/screen-table');

/** Each list's route under /app: 'fans', 'payouts-requests', … */
const LIST_PATHS = SCREEN_TABLE.screens.filter((s) => s.remote && !s.path.includes(':')).map((s) => s.path);

module.exports = { LIST_PATHS };
