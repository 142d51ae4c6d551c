/**
 * The two paths the singleton runtime needs (runtime/config, runtime/http). Kept apart from
 * API_ROUTES so that the runtime's chunk does not carry a copy of the whole table of calls.
 */
export const API_BASE_PATH = '/api/v1';
export const SIGN_IN_PATH = '/admin/signIn';

/**
 * localStorage keys that the page's inline script reads before any of our code has arrived
 * (apps/api/src/plugins/web.ts): the session's token (spec section 3) and the first read each
 * address made the last time this browser opened it (runtime/earlyReads.ts).
 */
export const TOKEN_KEY = '_itoken';
export const REMEMBERED_READS_KEY = 'backoffice:first-reads';
