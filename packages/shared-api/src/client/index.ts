/** The client half of shared-api: how every app talks to the API and to the shell's services. */
export * from './config';
export * from './storage';
export * from './toast';
export * from './session';
export * from './http';
export * from './auth-api';
export * from './admin';
export * from './socket';
export * from './query';
export * from './reads';
export * from './people';
export * from './payments';
export * from './catalog';
export * from './dashboard';
export * from './audit';
