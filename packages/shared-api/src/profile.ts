/**
 * A profile's vocabulary and rules (spec section 3's user profile): the country list, the limits
 * and patterns of its fields, the messages, the birth-date rule. Only the screens that edit or show
 * a profile need it, so it is an entry of its own, bundled where imported (not shared, as `./start`
 * is not): a list or the dashboard does not fetch the country list.
 */
export * from './constants/countries';
export * from './constants/profile';
export * from './rules/profile';
