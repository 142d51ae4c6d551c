/** The schemas of the contract (TypeBox): for the server, which validates and documents with them. */
export * from './common';
export * from './enums';
export * from './auth';
export * from './people';
export * from './redemption';
export * from './payments';
export * from './catalog';
export * from './dashboard';
export * from './endpoints';
export * from './pattern-messages';
export * from '../constants/countries';
export * from '../constants/realtime';
export * from '../constants/profile';
export * from '../constants/payments';
export * from '../constants/catalog';
export * from '../constants/dashboard';
export * from '../constants/ids';
