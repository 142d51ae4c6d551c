/**
 * The socket's own protocol, written once for the server and the clients. The client authenticates
 * right after connecting (spec section 7); server events reach only sockets that did. The events a
 * change sends are the contract's (contract/events.ts).
 */
export const SOCKET_PROTOCOL = {
  /** client -> server: `{ token }` */
  authenticate: 'authenticate',
  /**
   * server -> client: `{ _id, availabilityStatus, lastEventAt }` once the token was accepted (the
   * stored availability; when, in ms since the epoch, the last event went out to any admin)
   */
  authenticated: 'authenticated',
  /** server -> client: `{ message }` before the server drops a socket it will not serve */
  unauthorized: 'unauthorized',
} as const;

/**
 * The contract's event of an admin's own profile (adminUpdated): the runtime applies it to the
 * header itself, so its wire name is here, where the runtime reads it without the contract.
 */
export const ADMIN_UPDATED_EVENT = 'admin:updated';

export const SOCKET_PATH = '/socket.io';

/**
 * On every API reply: when (ms since the epoch, the server's clock) the server began it, so what a
 * read shows is as of then at the latest. With the socket's lastEventAt, a page tells whether an
 * event went out after what it read was current (live.ts).
 */
export const READ_AT_HEADER = 'X-Read-At';
