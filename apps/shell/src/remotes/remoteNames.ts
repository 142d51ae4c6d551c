/** The remotes the shell composes. Apart from registry.ts so that the routes read it without the registry's API calls. */
export type RemoteName = 'people' | 'payments' | 'catalog';
export const REMOTE_NAMES: RemoteName[] = ['people', 'payments', 'catalog'];
