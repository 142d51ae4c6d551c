export * from './contract/common';
export * from './contract/enums';
export * from './contract/countries';
export * from './contract/auth';
export * from './contract/people';
export * from './contract/redemption';
export * from './contract/endpoints';
export * from './contract/realtime';
