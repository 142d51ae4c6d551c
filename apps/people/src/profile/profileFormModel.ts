import { type UpdateUserProfileBody, type UserProfile } from '@backoffice/shared-api';
import {
  INFLUENCER_ONLY_FIELDS,
  PHONE_PATTERN,
  PROFILE_LIMITS as L,
  PROFILE_MESSAGES as M,
  URL_PATTERN,
  USER_NAME_PATTERN,
  ZIP_CODE_PATTERN,
  isAdultBirthDate,
} from '@backoffice/shared-api/profile';

import { type FormRule, PROFILE_RULES, maxCharsRule as max, requiredRule as required } from '@backoffice/ui-kit/forms';
import type { PersonKind } from './personKinds';

export interface SocialLinkValue {
  type: number | null | undefined;
  url: string | undefined;
}

/** The form's values: the profile's editable fields, with what antd controls give back (undefined, null). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  userName: string;
  displayName: string;
  email: string;
  phone: string;
  gender: number | null | undefined;
  dob: string;
  country: string | undefined;
  state: string;
  city: string;
  zipCode: string;
  address: string;
  bio: string;
  timeZone: string | undefined;
  searchKeywords: string[];
  spokenLanguage: string[];
  socialMedia: SocialLinkValue[];
  category: string[];
  displayfullName: boolean;
  mainProfilePicture: string;
  callChargesPerMin?: number | null;
  callDurationInMin?: number | null;
  profilePictureOne?: string;
  profilePictureTwo?: string;
  photoId?: string;
}

/** A fan's form neither shows nor sends these, since the server refuses them. */
export const INFLUENCER_FIELDS = INFLUENCER_ONLY_FIELDS satisfies ReadonlyArray<
  keyof UpdateUserProfileBody & keyof ProfileFormValues
>;

const EMPTY_LINK: SocialLinkValue = { type: null, url: '' };

export function valuesOf(kind: PersonKind, p: UserProfile): ProfileFormValues {
  const links = (p.socialMedia ?? []).map((l) => ({ type: l.type, url: l.url }));
  const values: ProfileFormValues = {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    userName: p.userName ?? '',
    displayName: p.displayName ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    gender: p.gender ?? null,
    dob: p.dob ?? '',
    country: p.country || undefined,
    state: p.state ?? '',
    city: p.city ?? '',
    zipCode: p.zipCode ?? '',
    address: p.address ?? '',
    bio: p.bio ?? '',
    timeZone: p.timeZone || undefined,
    searchKeywords: [...(p.searchKeywords ?? [])],
    spokenLanguage: [...(p.spokenLanguage ?? [])],
    // Spec section 3: the list defaults to one empty entry, which the form shows as one empty row.
    socialMedia: links.length ? links : [{ ...EMPTY_LINK }],
    category: [...(p.category ?? [])],
    displayfullName: !!p.displayfullName,
    mainProfilePicture: p.mainProfilePicture ?? '',
  };
  if (kind === 'influencer') {
    Object.assign(values, {
      callChargesPerMin: p.callChargesPerMin ?? 0,
      callDurationInMin: p.callDurationInMin ?? null,
      profilePictureOne: p.profilePictureOne ?? '',
      profilePictureTwo: p.profilePictureTwo ?? '',
      photoId: p.photoId ?? '',
    });
  }
  return values;
}

const text = (v: string | undefined | null) => (v ?? '').trim();

/** What a save sends: every field the form owns, and for a fan nothing an influencer alone has. */
export function bodyOf(kind: PersonKind, v: ProfileFormValues): UpdateUserProfileBody {
  const body: UpdateUserProfileBody = {
    firstName: text(v.firstName),
    lastName: text(v.lastName),
    userName: text(v.userName),
    displayName: text(v.displayName),
    email: text(v.email),
    phone: text(v.phone),
    gender: v.gender ?? null,
    dob: v.dob ?? '',
    country: v.country ?? '',
    state: text(v.state),
    city: text(v.city),
    zipCode: text(v.zipCode),
    address: text(v.address),
    bio: text(v.bio),
    timeZone: v.timeZone ?? '',
    searchKeywords: (v.searchKeywords ?? []).map((k) => k.trim()).filter(Boolean),
    spokenLanguage: [...(v.spokenLanguage ?? [])],
    socialMedia: (v.socialMedia ?? []).map((l) => ({ type: l?.type ?? null, url: text(l?.url) })),
    category: [...(v.category ?? [])],
    displayfullName: !!v.displayfullName,
    mainProfilePicture: v.mainProfilePicture ?? '',
  };
  if (kind === 'influencer') {
    // Cents are what the server keeps; rounding here avoids 0.1 + 0.2 style remainders.
    body.callChargesPerMin = Math.round(Number(v.callChargesPerMin ?? 0) * 100) / 100;
    if (v.callDurationInMin != null) body.callDurationInMin = Number(v.callDurationInMin);
    body.profilePictureOne = v.profilePictureOne ?? '';
    body.profilePictureTwo = v.profilePictureTwo ?? '';
    body.photoId = text(v.photoId);
  }
  return body;
}

/**
 * What a save sends, or null when the form holds nothing it would change. The whole body, not the
 * changed fields alone: a save stores the profile as the admin sees it on the form.
 */
export function changesOf(
  kind: PersonKind,
  initial: ProfileFormValues,
  current: ProfileFormValues,
): UpdateUserProfileBody | null {
  const body = bodyOf(kind, current);
  return JSON.stringify(bodyOf(kind, initial)) === JSON.stringify(body) ? null : body;
}

/** A server error key as the form's field name: 'socialMedia.0.url' is ['socialMedia', 0, 'url']. */
export function fieldNameOf(key: string): Array<string | number> {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const re = (pattern: string) => new RegExp(pattern);
const maxItems =
  (n: number, what: string): FormRule =>
  () => ({
    validator: (_r, value: unknown[] | undefined) =>
      (value ?? []).length > n ? Promise.reject(new Error(`Choose at most ${n} ${what}`)) : Promise.resolve(),
  });

/** The server's rules (contract UpdateUserProfileBody and profile.ts), checked before a request is sent. */
export const RULES = {
  firstName: PROFILE_RULES.firstName,
  lastName: PROFILE_RULES.lastName,
  userName: [required, { pattern: re(USER_NAME_PATTERN), message: M.userName }],
  displayName: [required, max(L.displayNameMax)],
  email: PROFILE_RULES.email,
  phone: [{ pattern: re(PHONE_PATTERN), message: M.phone }, max(L.phoneMax)],
  dob: [
    {
      validator: (_r: unknown, value: string | undefined) =>
        !value || isAdultBirthDate(value) ? Promise.resolve() : Promise.reject(new Error(M.dob)),
    },
  ],
  zipCode: [{ pattern: re(ZIP_CODE_PATTERN), message: M.zipCode }, max(L.zipCodeMax)],
  place: [max(L.placeMax)],
  address: [max(L.addressMax)],
  bio: PROFILE_RULES.bio,
  searchKeywords: [
    maxItems(L.keywordsMax, 'keywords'),
    {
      validator: (_r: unknown, value: string[] | undefined) =>
        (value ?? []).some((k) => k.trim().length > L.keywordMax)
          ? Promise.reject(new Error(`Keep each keyword to at most ${L.keywordMax} characters`))
          : Promise.resolve(),
    },
  ],
  spokenLanguage: [maxItems(L.languagesMax, 'languages')],
  category: [maxItems(L.categoriesMax, 'categories')],
  url: [{ pattern: re(URL_PATTERN), message: M.url }, max(L.urlMax)],
  /** A link with an address must say what it is; the default empty row needs no type. */
  socialType:
    (index: number): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_r, value: number | null | undefined) =>
        value == null && text(getFieldValue(['socialMedia', index, 'url']))
          ? Promise.reject(new Error(M.socialType))
          : Promise.resolve(),
    }),
  picture: PROFILE_RULES.picture,
  callChargesPerMin: [
    { required: true, message: M.required },
    { type: 'number', min: 0, max: L.callChargesMax, message: `Enter an amount from $0 to $${L.callChargesMax}` },
  ],
  callDurationInMin: [
    { required: true, message: M.required },
    {
      type: 'integer',
      min: L.callDurationMin,
      max: L.callDurationMax,
      message: `Enter whole minutes from ${L.callDurationMin} to ${L.callDurationMax}`,
    },
  ],
  photoId: [max(L.photoIdMax)],
} satisfies Record<string, FormRule[] | ((index: number) => FormRule)>;
