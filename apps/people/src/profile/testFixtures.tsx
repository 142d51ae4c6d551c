/** Shared by the people remote's tests: a full profile, the routes as the shell nests them, a fake API. */
import { Route } from 'react-router-dom';
import type { UserProfile } from '@backoffice/shared-api';
import { ok, stubApi as stubServer, type Handler } from '@backoffice/shared-api/testing';
import { renderInApp } from '@backoffice/ui-kit/testing';
import FansScreen from '../fans/FansScreen';
import InfluencersScreen from '../influencers/InfluencersScreen';

// antd's modals measure the scrollbar through a pseudo-element, which jsdom cannot do and logs as an error.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

export const FAN_ID = '00000000-0000-4000-8000-000000000001';
export const INFLUENCER_ID = '00000000-0000-4000-8000-000000000002';
export const CATEGORIES = [
  { _id: '10000000-0000-4000-8000-000000000001', name: 'Music' },
  { _id: '10000000-0000-4000-8000-000000000002', name: 'Fitness' },
];
export const LANGUAGES = [
  { _id: '20000000-0000-4000-8000-000000000001', code: 'en', name: 'English' },
  { _id: '20000000-0000-4000-8000-000000000002', code: 'fr', name: 'French' },
];
/** A 1x1 PNG. */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function profileOf(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: FAN_ID,
    firstName: 'Ann',
    lastName: 'Lee',
    userName: 'ann.lee',
    email: 'ann@example.com',
    displayName: 'Ann L',
    isInfluencer: false,
    isEmailVerified: true,
    timeZone: 'Europe/Paris',
    phone: '+33 1 23 45 67',
    is18Plus: true,
    acceptTerms: true,
    acceptPrivacy: false,
    acceptinfluencerTerms: false,
    photoId: '',
    pictureId: '',
    gender: 3,
    callChargesPerMin: 0,
    dob: '1990-05-17',
    country: 'FR',
    state: 'Ile-de-France',
    city: 'Paris',
    zipCode: '75001',
    callDurationInMin: 0,
    mainProfilePicture: '',
    profilePictureOne: '',
    profilePictureTwo: '',
    address: '1 Rue de Rivoli',
    bio: 'Loves jazz.',
    searchKeywords: ['jazz', 'piano'],
    spokenLanguage: [LANGUAGES[1]!._id],
    socialMedia: [{ url: 'https://instagram.com/ann', type: 3 }],
    category: [CATEGORIES[0]!._id],
    displayfullName: true,
    status: '1',
    lastLoginAt: '2026-02-03T10:00:00.000Z',
    lastLogoutAt: null,
    createdAt: '2026-01-02T03:04:00.000Z',
    updatedAt: '2026-01-05T03:04:00.000Z',
    ...overrides,
  };
}

export function influencerOf(overrides: Partial<UserProfile> = {}): UserProfile {
  return profileOf({
    _id: INFLUENCER_ID,
    firstName: 'Ivy',
    lastName: 'Stone',
    userName: 'ivy.stone',
    displayName: 'Ivy',
    email: 'ivy@example.com',
    isInfluencer: true,
    acceptinfluencerTerms: true,
    callChargesPerMin: 4.5,
    callDurationInMin: 15,
    mainProfilePicture: PNG,
    profilePictureOne: PNG,
    profilePictureTwo: '',
    photoId: 'P-778',
    pictureId: 'PIC-9',
    ...overrides,
  });
}

export { ok };

/** Replies per path; the lookup lists answer by default. An unexpected call fails the test loudly. */
export function stubApi(handler: Handler) {
  return stubServer(async (config) => {
    const reply = await handler(config);
    if (reply) return reply;
    if (config.url === '/admin/getCategories') return ok(CATEGORIES);
    if (config.url === '/admin/getLanguages') return ok(LANGUAGES);
    return undefined;
  });
}

let rendered: ReturnType<typeof renderInApp> | undefined;
/** Where the router of the last renderApp is now. */
export const where = {
  get url() {
    return rendered?.url() ?? '';
  },
};

/** The remote's screens nested as the shell nests them: /app > fans/* and influencers/*. */
export function renderApp(path: string) {
  rendered = renderInApp(
    path,
    <>
      <Route path="fans/*" element={<FansScreen />} />
      <Route path="influencers/*" element={<InfluencersScreen />} />
    </>,
  );
  return rendered;
}
