import type { Static } from '@sinclair/typebox';
import { authEvents } from './auth';
import { adminsEvents } from './admins';
import { peopleEvents } from './people';
import { paymentsEvents } from './payments';
import { catalogEvents } from './catalog';
import { releasesEvents } from './releases';

/**
 * Every event the server sends after a change, written once: its payload, and what it refreshes in
 * the pages of every signed-in admin (services return them, one publisher sends them after commit,
 * one subscriber in the page refreshes by resource).
 */
export const serverEvents = {
  ...authEvents,
  ...adminsEvents,
  ...peopleEvents,
  ...paymentsEvents,
  ...catalogEvents,
  ...releasesEvents,
};

export type ServerEvents = typeof serverEvents;
export type EventName = keyof ServerEvents;
export type PayloadOf<N extends EventName> = Static<ServerEvents[N]['payload']>;

/** One event as a service hands it to the publisher, typed by its name (one of several names: any of them). */
export type EventMessage<N extends EventName> = N extends EventName ? { event: N; payload: PayloadOf<N> } : never;
export type ServerEventMessage = EventMessage<EventName>;

/** Builds a typed event message: `emit('userUpdated', { _id })`. */
export const emit = <N extends EventName>(event: N, payload: PayloadOf<N>) => ({ event, payload }) as EventMessage<N>;
