/**
 * Socket events, written once for the server and the clients. The client authenticates right after
 * connecting (spec section 7); server events reach only sockets that did.
 */
export const SOCKET_EVENTS = {
  /** client -> server: `{ token }` */
  authenticate: 'authenticate',
  /** server -> client: `{ _id, availabilityStatus }` once the token was accepted (the stored availability) */
  authenticated: 'authenticated',
  /** server -> client: `{ message }` before the server drops a socket it will not serve */
  unauthorized: 'unauthorized',
  /** server -> one admin's own sockets (every tab): their profile or availability changed (an AdminProfile) */
  adminUpdated: 'admin:updated',
  /** server -> admins: a new notification */
  notificationCreated: 'notification:new',
  /** server -> admins: notifications were marked read (`{ _id?, unReadCount }`; no _id: all of them) */
  notificationsRead: 'notification:read',
  /** server -> admins: a new influencer request (a RequestRow) */
  influencerRequestCreated: 'influencer-request:new',
  /** server -> admins: a request was approved or rejected (`{ _id, status }`) */
  influencerRequestDecided: 'influencer-request:decided',
  /** server -> admins: a user's profile or status changed (`{ _id }`) */
  userUpdated: 'user:updated',
  /** server -> admins: a new payout request (a PayoutRequestRow) */
  payoutRequestCreated: 'payout-request:new',
  /** server -> admins: a payout request was approved or rejected (`{ _id, status }`) */
  payoutRequestDecided: 'payout-request:decided',
  /** server -> admins: a payment method was added, renamed, activated or deactivated (`{ _id }`) */
  paymentMethodUpdated: 'payment-method:updated',
  /** server -> admins: a discount code was added or changed (`{ _id }`) */
  discountCodeUpdated: 'discount-code:updated',
  /** server -> admins: an email template was changed (`{ _id }`) */
  emailTemplateUpdated: 'email-template:updated',
} as const;
export type SocketEvent = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

export const SOCKET_PATH = '/socket.io';
