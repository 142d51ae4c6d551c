import { SCREEN_REMOTES, type RemoteName } from '@backoffice/shared-api/start';

/** The remotes the shell composes: the table of screens'. Apart from registry.ts so that the routes read it without the registry's API calls. */
export type { RemoteName };
export const REMOTE_NAMES: readonly RemoteName[] = SCREEN_REMOTES;
