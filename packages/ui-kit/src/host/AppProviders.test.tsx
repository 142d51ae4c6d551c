import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, signIn } from '@backoffice/shared-api/testing';
import { pageQueryClient } from './AppProviders';

describe("the page's query client", () => {
  it('is one per page, and shows the next admin to sign in nothing the last one loaded', () => {
    const admin = { ...ADMIN, token: 't', passwordChangeRequired: false } as never;
    signIn(admin);
    const client = pageQueryClient();
    expect(pageQueryClient()).toBe(client);
    const key = ['fans', 'list', {}];
    client.setQueryData(key, { rows: ['a fan'] });
    session.logout('', { silent: true });
    // Kept while signed out: the screen that was open does not fetch it again without a session.
    expect(client.getQueryData(key)).toEqual({ rows: ['a fan'] });
    signIn(admin);
    expect(client.getQueryData(key)).toBeUndefined();
    // Not cleared again while the same admin stays signed in.
    client.setQueryData(key, { rows: ['another fan'] });
    session.adoptProfile({
      ...ADMIN,
      bio: '',
      isEmailVerified: true,
      mainProfilePicture: '',
      timeZone: 'UTC',
    } as never);
    expect(client.getQueryData(key)).toEqual({ rows: ['another fan'] });
  });
});
