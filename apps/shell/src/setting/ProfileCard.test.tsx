import { screen, waitFor, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ROUTES, AUTH_MESSAGES, type AdminProfile } from '@backoffice/shared-api';
import { PROFILE_MESSAGES } from '@backoffice/shared-api/profile';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, stubApi, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { replaceText } from '@backoffice/ui-kit/testing';
import { ProfileCard } from './ProfileCard';
import { PROFILE, renderInShell } from './testFixtures';

// The pointer-events check asks jsdom for computed styles, which is slow over an antd form.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const button = (name: string) => within(document.body).getByText(name, { selector: 'button span' }).closest('button')!;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saves = (requests: StubRequest[]) => requests.filter((r) => r.url === ROUTES.updateAdminProfile.path);

let stored: AdminProfile;
let onSave: (body: Record<string, unknown>) => StubReply;
let requests: StubRequest[];

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
  stored = { ...PROFILE };
  onSave = (body) => {
    stored = { ...stored, ...body };
    return ok(stored, 'Profile updated');
  };
  requests = stubApi((config) => {
    if (config.url === ROUTES.getUserProfile.path) return ok(stored);
    if (config.url === ROUTES.updateAdminProfile.path) return onSave(bodyOf(config));
    return undefined;
  });
});

async function edit() {
  renderInShell(<ProfileCard />);
  await userEvent.click(await screen.findByRole('button', { name: /Edit profile/ }));
  await screen.findByDisplayValue(PROFILE.email);
}

const replace = (label: string, value: string) => replaceText(input(label), value);

describe('the profile card', () => {
  it("shows the admin's short profile", async () => {
    renderInShell(<ProfileCard />);
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText(PROFILE.email)).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(PROFILE.bio)).toBeInTheDocument();
    expect(screen.getByText('Europe/Paris')).toBeInTheDocument();
    expect(screen.getByLabelText('No profile picture')).toBeInTheDocument();
  });

  it('offers Save only once something changed', async () => {
    await edit();
    expect(button('Save')).toBeDisabled();
    await userEvent.type(input('Bio'), '!');
    await waitFor(() => expect(button('Save')).toBeEnabled());
    await userEvent.type(input('Bio'), '{Backspace}');
    await waitFor(() => expect(button('Save')).toBeDisabled());
  });

  it('refuses invalid values on their fields without asking the server', async () => {
    await edit();
    await replace('Email', 'not-an-email');
    await replace('First Name', '   ');
    await userEvent.click(button('Save'));
    expect(await screen.findByText(PROFILE_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.required)).toBeInTheDocument();
    expect(saves(requests)).toHaveLength(0);
    expect(session.getState().auth.user?.firstName).toBe('Ada');
  });

  it("shows the server's refusal on its field and keeps the typing, then saves", async () => {
    onSave = () => failure(409, PROFILE_MESSAGES.emailTaken, { email: PROFILE_MESSAGES.emailTaken });
    await edit();
    await replace('First Name', 'Grace');
    await replace('Email', 'taken@example.com');
    await userEvent.type(await screen.findByLabelText('Current Password'), 'my-password');
    await userEvent.click(button('Save'));
    expect(await screen.findByText(PROFILE_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(input('First Name').value).toBe('Grace');
    expect(session.getState().auth.user?.firstName).toBe('Ada');

    onSave = (body) => {
      stored = { ...stored, ...body };
      return ok(stored, 'Profile updated');
    };
    await replace('Email', 'grace@example.com');
    await userEvent.click(button('Save'));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByText('Grace Admin')).toBeInTheDocument();
    expect(bodyOf(saves(requests)[1]!)).toEqual({
      firstName: 'Grace',
      lastName: 'Admin',
      email: 'grace@example.com',
      bio: PROFILE.bio,
      mainProfilePicture: '',
      timeZone: 'Europe/Paris',
      currentPassword: 'my-password',
    });
    // The header's greeting reads the session.
    expect(session.getState().auth.user).toMatchObject({ firstName: 'Grace', email: 'grace@example.com' });
  });

  it('asks for the current password only when the email changes, and sends nothing without it', async () => {
    await edit();
    await replace('Bio', 'Only the bio');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await replace('Email', 'new@example.com');
    expect(await screen.findByLabelText('Current Password')).toBeInTheDocument();
    await userEvent.click(button('Save'));
    expect(await screen.findByText(AUTH_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(saves(requests)).toHaveLength(0);
    // the same address in other letters is not a change
    await replace('Email', PROFILE.email.toUpperCase());
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument());
  });

  it('shows a refusal the form has no field for above the form', async () => {
    onSave = () => failure(500, 'Database unavailable');
    await edit();
    await replace('Last Name', 'Lovelace');
    await userEvent.click(button('Save'));
    expect(await screen.findByText('The profile was not saved')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('asks before Cancel throws changes away, and leaves at once when nothing changed', async () => {
    await edit();
    await userEvent.type(input('Bio'), ' daily');
    await userEvent.click(button('Cancel'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('Stay', { selector: 'button span' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input('Bio').value).toBe(`${PROFILE.bio} daily`);

    await replace('Bio', PROFILE.bio);
    await userEvent.click(button('Cancel'));
    expect(await screen.findByRole('button', { name: /Edit profile/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and Retry loads it', async () => {
    let down = true;
    stubApi((config) =>
      config.url === ROUTES.getUserProfile.path ? (down ? failure(503, 'Try again later') : ok(stored)) : undefined,
    );
    renderInShell(<ProfileCard />);
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    down = false;
    await userEvent.click(button('Retry'));
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
  });
});
