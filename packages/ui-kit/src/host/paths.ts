/** Where the header's Logout goes (the shell's and the standalone hosts'): a route of its own (SignOut). */
export const LOGOUT_PATH = '/logout';
