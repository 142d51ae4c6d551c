/**
 * The rules of a user profile, written once: the server validates with them (contract/people.ts)
 * and the edit forms check the same rules in the browser before a request is sent.
 */
export const PROFILE_LIMITS = {
  nameMax: 50,
  userNameMin: 3,
  userNameMax: 30,
  displayNameMax: 50,
  emailMax: 254,
  phoneMax: 20,
  placeMax: 100,
  zipCodeMax: 12,
  addressMax: 200,
  bioMax: 1000,
  timeZoneMax: 64,
  keywordMax: 30,
  keywordsMax: 20,
  languagesMax: 10,
  categoriesMax: 10,
  socialLinksMax: 10,
  urlMax: 500,
  photoIdMax: 100,
  /** A picture is stored as a data URL; 200,000 characters is an image of about 145 KB. */
  pictureMaxChars: 200_000,
  /** Dollars per minute. */
  callChargesMax: 1000,
  callDurationMin: 1,
  callDurationMax: 240,
  reasonMax: 500,
} as const;

/** Letters, digits, dot and underscore: what fits in a profile URL and an @mention. */
export const USER_NAME_PATTERN = '^[A-Za-z0-9._]{3,30}$';
/** Optional leading +, then digits, spaces, brackets and dashes. */
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ()-]{4,18}[0-9]$';
export const ZIP_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]?$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/**
 * Pictures are images inlined as data URLs, so no screen ever fetches from another origin (CSP).
 * Uploads are raster images; the generated avatars are percent-encoded SVG, which an <img> shows
 * without running anything in it, so a profile that has one can be saved unchanged.
 */
export const PICTURE_PATTERN =
  "^(data:image/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}|data:image/svg\\+xml;utf8,[A-Za-z0-9%._~!*'()-]+)$";
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** A social link is a web address (or empty, on the default entry). */
export const URL_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';

/** Profile fields only an influencer has; sending one for a fan is a 400 on that field. */
export const INFLUENCER_ONLY_FIELDS = [
  'callChargesPerMin',
  'callDurationInMin',
  'profilePictureOne',
  'profilePictureTwo',
  'photoId',
] as const;

/** Users must be adults (spec: is18Plus). */
export const MIN_AGE_YEARS = 18;

export const PROFILE_MESSAGES = {
  emailTaken: 'This email is used by another account',
  userNameTaken: 'This user name is used by another account',
  userName: 'Use 3 to 30 letters, digits, dots or underscores',
  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  zipCode: 'Enter a valid zip code',
  dob: 'Enter a valid date of birth of someone at least 18 years old',
  country: 'Choose a country from the list',
  timeZone: 'Choose a time zone from the list',
  url: 'Enter a web address starting with http:// or https://',
  socialType: 'Choose the type of this link',
  picture: 'Use a PNG, JPEG, WebP or GIF image of at most 145 KB',
  influencerOnly: 'Only influencers have this field',
  unknownCategory: 'Choose categories from the list',
  unknownLanguage: 'Choose languages from the list',
  required: 'This field is required',
} as const;
