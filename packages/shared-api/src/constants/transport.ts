/**
 * The two paths the singleton runtime needs (runtime/config, runtime/http). Kept apart from
 * API_ROUTES so that the runtime's chunk does not carry a copy of the whole table of calls.
 */
export const API_BASE_PATH = '/api/v1';
export const SIGN_IN_PATH = '/admin/signIn';
