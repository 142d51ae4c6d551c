export const MAX_PAGE = 100_000;
export const MAX_LIMIT = 100;
export const MAX_SEARCH_LENGTH = 100;
