export const MAX_PAGE = 100_000;
export const MAX_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 100;

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 cost grows with input; a cap keeps one request from costing the server seconds. */
export const PASSWORD_MAX_LENGTH = 128;
