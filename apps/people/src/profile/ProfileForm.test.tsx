import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { PROFILE_MESSAGES } from '@backoffice/shared-api/profile';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, type Handler, type StubRequest } from '@backoffice/shared-api/testing';
import { replaceText } from '@backoffice/ui-kit/testing';
import { INFLUENCER_FIELDS } from './profileFormModel';
import { FAN_ID, INFLUENCER_ID, PNG, influencerOf, ok, profileOf, renderApp, stubApi, where } from './testFixtures';

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

// getByRole and the pointer-events check ask jsdom for computed styles, which is slow over a form this
// big with antd's injected CSS; buttons are found by their text instead.
const userEvent = userEventBase.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const buttonIn = (root: HTMLElement, name: string | RegExp) =>
  within(root).getByText(name, { selector: 'button span' }).closest('button')!;
const button = (name: string | RegExp) => buttonIn(document.body, name);
const saves = (requests: StubRequest[]) => requests.filter((r) => r.url === '/admin/updateUserProfile');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => userEvent.click(button('Save'));

/** The fan's edit screen, with `onSave` answering the save. */
async function editFan(onSave: Handler = () => undefined, profile = profileOf()) {
  let stored = profile;
  const requests = stubApi(async (config) => {
    if (config.url === '/admin/getFanDetail') return ok(stored);
    if (config.url === '/admin/getAllFans')
      return { status: 200, data: { statusCode: 200, message: 'Fans', data: [], total: 0 } };
    if (config.url === '/admin/updateUserProfile') {
      const reply = await onSave(config);
      if (reply && reply !== 'network-error' && reply.status === 200)
        stored = (reply.data as { data: typeof stored }).data;
      return reply;
    }
    return undefined;
  });
  renderApp(`/app/fans/edit/${FAN_ID}`);
  await screen.findByDisplayValue('ann@example.com');
  return requests;
}

const replace = (label: string, value: string) => replaceText(input(label), value);

describe('Profile edit: browser checks', () => {
  it('refuses a bad email, user name and an underage date of birth without asking the server', async () => {
    const requests = await editFan();
    await replace('Email', 'not-an-email');
    await replace('User Name', 'a b');
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;
    fireEvent.change(input('Date of Birth'), { target: { value: tenYearsAgo } });
    await replace('First Name', '');
    await save();
    expect(await screen.findByText(PROFILE_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.userName)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.dob)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.required)).toBeInTheDocument();
    expect(saves(requests)).toHaveLength(0);
  });

  it('refuses a social link address that is not a web address', async () => {
    const requests = await editFan();
    await replace('Social link 1 URL', 'instagram.com/ann');
    await save();
    expect(await screen.findByText(PROFILE_MESSAGES.url)).toBeInTheDocument();
    expect(saves(requests)).toHaveLength(0);
  });

  it('asks for the type of a social link that has an address', async () => {
    const requests = await editFan(() => undefined, profileOf({ socialMedia: [{ url: '', type: null }] }));
    await replace('Social link 1 URL', 'https://example.com/ann');
    await save();
    expect(await screen.findByText(PROFILE_MESSAGES.socialType)).toBeInTheDocument();
    expect(saves(requests)).toHaveLength(0);
  });
});

describe('Profile edit: saving', () => {
  it("shows the server's 409 on the email field, keeps what was typed, then saves and shows the view", async () => {
    let taken = true;
    const requests = await editFan((config) => {
      if (taken) {
        return {
          status: 409,
          data: {
            statusCode: 409,
            message: PROFILE_MESSAGES.emailTaken,
            errors: { email: PROFILE_MESSAGES.emailTaken },
          },
        };
      }
      const sent = bodyOf(config);
      // The message is the server's word on the save, which the toast shows.
      return ok(profileOf({ ...(sent as object), updatedAt: '2026-03-01T00:00:00.000Z' }), 'Profile updated');
    });
    // Fans have none of the influencer fields.
    expect(screen.queryByLabelText('Call Charges per Minute ($)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Call Duration (min)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Photo ID')).not.toBeInTheDocument();
    expect(screen.queryByText('Profile Picture One')).not.toBeInTheDocument();

    await replace('First Name', 'Annie');
    await replace('Email', 'taken@example.com');
    await save();
    expect(await screen.findByText(PROFILE_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(input('Email').value).toBe('taken@example.com');
    expect(input('First Name').value).toBe('Annie');
    expect(where.url).toBe(`/app/fans/edit/${FAN_ID}`);

    const first = saves(requests)[0]!;
    expect(first.method).toBe('patch');
    expect(first.params).toEqual({ id: FAN_ID });
    const body = bodyOf(first);
    expect(body).toMatchObject({
      firstName: 'Annie',
      email: 'taken@example.com',
      gender: 3,
      country: 'FR',
      socialMedia: [{ type: 3, url: 'https://instagram.com/ann' }],
      category: [profileOf().category[0]],
      displayfullName: true,
    });
    for (const field of INFLUENCER_FIELDS) {
      expect(body).not.toHaveProperty(field);
    }

    taken = false;
    await replace('Email', 'annie@example.com');
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.emailTaken)).not.toBeInTheDocument());
    await save();
    await waitFor(() => expect(where.url).toBe(`/app/fans/view/${FAN_ID}`));
    // The server's word on the save, as the API sends it.
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByText('annie@example.com')).toBeInTheDocument();
    expect(bodyOf(saves(requests)[1]!)).toMatchObject({ firstName: 'Annie', email: 'annie@example.com' });
  });

  it('puts a social link error on its row and anything else in an alert', async () => {
    await editFan(() => ({
      status: 400,
      data: {
        statusCode: 400,
        message: 'Choose the type of this link; request has an unsupported value',
        errors: { 'socialMedia.0.url': 'This address is blocked', request: 'request has an unsupported value' },
      },
    }));
    await replace('Phone', '+1 555 0100');
    await save();
    expect(await screen.findByText('This address is blocked')).toBeInTheDocument();
    const alert = await screen.findByText('The profile was not saved');
    expect(alert).toBeInTheDocument();
    expect(screen.getByText('Choose the type of this link; request has an unsupported value')).toBeInTheDocument();
    expect(input('Phone').value).toBe('+1 555 0100');
  });

  it('sends the influencer fields, the call charges as a number', async () => {
    const requests = stubApi((config) => {
      if (config.url === '/admin/getInfluencerDetail') return ok(influencerOf());
      if (config.url === '/admin/getAllInfluencers') {
        return { status: 200, data: { statusCode: 200, message: 'Influencers', data: [], total: 0 } };
      }
      if (config.url === '/admin/updateUserProfile') return ok(influencerOf(bodyOf(config) as object));
      return undefined;
    });
    renderApp(`/app/influencers/edit/${INFLUENCER_ID}`);
    await screen.findByDisplayValue('ivy@example.com');
    expect(screen.getByText('Edit influencer')).toBeInTheDocument();
    await replace('Call Charges per Minute ($)', '12.5');
    await replace('Photo ID', 'P-900');
    await save();
    await waitFor(() => expect(where.url).toBe(`/app/influencers/view/${INFLUENCER_ID}`));
    const body = bodyOf(saves(requests)[0]!);
    expect(body.callChargesPerMin).toBe(12.5);
    expect(body).toMatchObject({
      callDurationInMin: 15,
      photoId: 'P-900',
      mainProfilePicture: PNG,
      profilePictureOne: PNG,
      profilePictureTwo: '',
    });
  });

  it('shows one empty social link row when the profile has none, and sends it as the default entry', async () => {
    const requests = await editFan(() => ok(profileOf()), profileOf({ socialMedia: [] }));
    expect(input('Social link 1 URL').value).toBe('');
    expect(screen.queryByLabelText('Social link 2 URL')).not.toBeInTheDocument();
    await userEvent.click(button('Add social link'));
    expect(input('Social link 2 URL')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Remove social link 2'));
    await replace('City', 'Lyon');
    await save();
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(bodyOf(saves(requests)[0]!).socialMedia).toEqual([{ type: null, url: '' }]);
  });

  it('refuses a picture of the wrong type and takes a PNG as a data URL', async () => {
    const requests = await editFan(() => ok(profileOf()));
    const file = input('Main Profile Picture');
    // The file dialog honours `accept`; a drag-and-drop or another browser may not, so the field checks too.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(file, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(PROFILE_MESSAGES.picture)).toBeInTheDocument();
    expect(screen.queryByAltText('Main profile picture')).not.toBeInTheDocument();

    const png = Uint8Array.from(atob(PNG.split(',')[1]!), (c) => c.charCodeAt(0));
    await user.upload(file, new File([png], 'me.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Main profile picture')).toHaveAttribute('src', PNG);
    expect(screen.queryByText(PROFILE_MESSAGES.picture)).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(bodyOf(saves(requests)[0]!).mainProfilePicture).toBe(PNG);
  });

  it('shows "Fan not found." for an unknown id instead of a form', async () => {
    stubApi((config) =>
      config.url === '/admin/getFanDetail'
        ? { status: 404, data: { statusCode: 404, message: 'Fan not found' } }
        : undefined,
    );
    renderApp(`/app/fans/edit/${FAN_ID}`);
    expect(await screen.findByText('Fan not found.')).toBeInTheDocument();
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
  });
});

describe('Profile edit: unsaved changes', () => {
  const dialog = () => screen.findByRole('dialog');

  it('leaves at once when nothing changed', async () => {
    await editFan();
    await userEvent.click(button('Cancel'));
    await waitFor(() => expect(where.url).toBe(`/app/fans/view/${FAN_ID}`));
  });

  it('asks before Cancel, Back or a link throws changes away', async () => {
    await editFan();
    await userEvent.type(input('City'), ' centre');

    await userEvent.click(button('Cancel'));
    expect(within(await dialog()).getAllByText('Leave without saving?').length).toBeGreaterThan(0);
    await userEvent.click(buttonIn(await dialog(), 'Stay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(where.url).toBe(`/app/fans/edit/${FAN_ID}`);
    expect(input('City').value).toBe('Paris centre');

    await userEvent.click(button('Back'));
    await userEvent.click(buttonIn(await dialog(), 'Stay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A link (the breadcrumb here, the shell's side menu alike) is held back until the admin agrees.
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    await userEvent.click(crumbs.getByRole('link', { name: 'Fans' }));
    expect(where.url).toBe(`/app/fans/edit/${FAN_ID}`);
    await userEvent.click(buttonIn(await dialog(), 'Leave'));
    await waitFor(() => expect(where.url).toBe('/app/fans'));
  });

  it('asks the browser to confirm closing the tab only while something is unsaved', async () => {
    await editFan();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    // The form tells its watchers of a keystroke a moment later (antd batches them), so the guard follows then.
    await userEvent.type(input('City'), 'x');
    await waitFor(() => expect(unload()).toBe(true));
    // Typing the saved value back leaves nothing to lose.
    await userEvent.type(input('City'), '{Backspace}');
    await waitFor(() => expect(unload()).toBe(false));
  });
});
