export { PictureField, readPicture } from './PictureField';
export { PROFILE_RULES, isPictureData, maxCharsRule, requiredRule, timeZoneOptions } from './profileRules';
