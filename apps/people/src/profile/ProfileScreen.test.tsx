import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { ProfileView } from './ProfileView';
import { FAN_ID, INFLUENCER_ID, PNG, influencerOf, ok, profileOf, renderApp, stubApi, where } from './testFixtures';

/** The value shown beside a label of the profile. */
function valueOf(label: string): HTMLElement {
  const cell = screen.getByText(label, { selector: 'th, th *' }).closest('th')!;
  return cell.nextElementSibling as HTMLElement;
}
const textOf = (label: string) => valueOf(label).textContent;

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('ProfileView', () => {
  function renderView(profile = profileOf()) {
    stubApi(() => undefined);
    return render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <MemoryRouter>
          <ProfileView profile={profile} />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it("shows a fan's account, personal and consent fields, enums by their spec names", async () => {
    renderView();
    expect(textOf('First Name')).toBe('Ann');
    expect(textOf('Last Name')).toBe('Lee');
    expect(textOf('User Name')).toBe('ann.lee');
    expect(textOf('Display Name')).toBe('Ann L');
    expect(textOf('Email')).toBe('ann@example.com');
    expect(textOf('Email Verified')).toBe('Yes');
    expect(textOf('Phone')).toBe('+33 1 23 45 67');
    expect(textOf('Status')).toBe('Active');
    expect(textOf('Gender')).toBe('Non-binary');
    expect(textOf('Date of Birth')).toBe('1990-05-17');
    expect(textOf('Country')).toBe('France');
    expect(textOf('State')).toBe('Ile-de-France');
    expect(textOf('City')).toBe('Paris');
    expect(textOf('Zip Code')).toBe('75001');
    expect(textOf('Address')).toBe('1 Rue de Rivoli');
    expect(textOf('Bio')).toBe('Loves jazz.');
    expect(textOf('Time Zone')).toBe('Europe/Paris');
    expect(textOf('Display Full Name')).toBe('Yes');
    expect(textOf('18 Plus')).toBe('Yes');
    expect(textOf('Accepted Terms')).toBe('Yes');
    expect(textOf('Accepted Privacy')).toBe('No');
    expect(textOf('Accepted Influencer Terms')).toBe('No');
    expect(textOf('Created On')).toMatch(/^2026-01-0[12] \d\d:\d\d$/);
    expect(textOf('Updated On')).toMatch(/^2026-01-0[45] \d\d:\d\d$/);
    expect(textOf('Last Login')).toMatch(/^2026-02-03 \d\d:\d\d$/);
    expect(textOf('Last Logout')).toBe('-');
    // Fans have no call settings; the main picture belongs to everyone.
    expect(screen.queryByText('Call Charges per Minute')).not.toBeInTheDocument();
    expect(screen.queryByText('Profile Picture One')).not.toBeInTheDocument();
    expect(textOf('Main Profile Picture')).toBe('-');
  });

  it('shows keywords, languages and categories by name, and social links as safe links', async () => {
    renderView(
      profileOf({
        socialMedia: [
          { url: 'https://instagram.com/ann', type: 3 },
          { url: 'javascript:alert(1)', type: 6 },
        ],
      }),
    );
    const keywords = within(valueOf('Search Keywords'));
    expect(keywords.getByText('jazz')).toBeInTheDocument();
    expect(keywords.getByText('piano')).toBeInTheDocument();
    await waitFor(() => expect(textOf('Spoken Languages')).toBe('French'));
    await waitFor(() => expect(textOf('Categories')).toBe('Music'));
    const links = within(valueOf('Social Links'));
    expect(links.getByText(/Instagram/)).toBeInTheDocument();
    const link = links.getByRole('link', { name: 'https://instagram.com/ann' });
    expect(link).toHaveAttribute('href', 'https://instagram.com/ann');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links.getByText(/Other/)).toBeInTheDocument();
    expect(links.getAllByRole('link')).toHaveLength(1);
  });

  it("shows '-' for every missing value and none for the default empty social link", () => {
    renderView(
      profileOf({
        firstName: '',
        phone: '',
        gender: null,
        dob: '',
        country: '',
        city: '',
        bio: '',
        timeZone: '',
        searchKeywords: [],
        spokenLanguage: [],
        category: [],
        socialMedia: [{ url: '', type: null }],
        lastLoginAt: null,
      }),
    );
    for (const label of [
      'First Name',
      'Phone',
      'Gender',
      'Date of Birth',
      'Country',
      'City',
      'Bio',
      'Time Zone',
      'Search Keywords',
      'Spoken Languages',
      'Categories',
      'Social Links',
      'Last Login',
    ]) {
      expect([label, textOf(label)]).toEqual([label, '-']);
    }
  });

  it("shows an influencer's call settings, pictures and ids", () => {
    renderView(influencerOf());
    expect(textOf('Call Charges per Minute')).toBe('$4.50');
    expect(textOf('Call Duration')).toBe('15 min');
    expect(textOf('Photo ID')).toBe('P-778');
    expect(textOf('Picture ID')).toBe('PIC-9');
    expect(textOf('Accepted Influencer Terms')).toBe('Yes');
    expect(screen.getByRole('img', { name: 'Main profile picture' })).toHaveAttribute('src', PNG);
    expect(screen.getByRole('img', { name: 'Profile picture one' })).toHaveAttribute('src', PNG);
    expect(textOf('Profile Picture Two')).toBe('-');
  });
});

describe('Profile view screen', () => {
  it('loads the fan by id and offers Edit and Deactivate', async () => {
    const requests = stubApi((config) => (config.url === '/admin/getFanDetail' ? ok(profileOf()) : undefined));
    renderApp(`/app/fans/view/${FAN_ID}`);
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/getFanDetail')!.params).toEqual({ id: FAN_ID });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(crumbs.getByRole('link', { name: 'Fans' })).toHaveAttribute('href', '/app/fans');
    expect(crumbs.getByText('Ann L')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Deactivate/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(where.url).toBe(`/app/fans/edit/${FAN_ID}`));
  });

  it('deactivates from the view once confirmed, and shows the refetched status', async () => {
    let status: '1' | '0' = '1';
    const requests = stubApi((config) => {
      if (config.url === '/admin/getFanDetail') return ok(profileOf({ status }));
      if (config.url === '/admin/changeStatus') {
        status = config.params.status;
        return ok({ _id: FAN_ID, status }, 'Account deactivated');
      }
      return undefined;
    });
    renderApp(`/app/fans/view/${FAN_ID}`);
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: /Deactivate/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Deactivate ann.lee?').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(textOf('Status')).toBe('Inactive'));
    expect(screen.getByRole('button', { name: /Activate/ })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/changeStatus')!.params).toEqual({ id: FAN_ID, status: '0' });
  });

  it('asks the influencer endpoint for an influencer', async () => {
    stubApi((config) => (config.url === '/admin/getInfluencerDetail' ? ok(influencerOf()) : undefined));
    renderApp(`/app/influencers/view/${INFLUENCER_ID}`);
    expect(await screen.findByText('$4.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Influencers' })).toHaveAttribute('href', '/app/influencers');
  });

  it('says "Fan not found." for an unknown id, with a way back', async () => {
    stubApi((config) =>
      config.url === '/admin/getFanDetail'
        ? { status: 404, data: { statusCode: 404, message: 'Fan not found' } }
        : undefined,
    );
    renderApp(`/app/fans/view/${FAN_ID}`);
    expect(await screen.findByText('Fan not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Fans' })).toHaveAttribute('href', '/app/fans');
  });

  it('does not even ask for a malformed id', async () => {
    const requests = stubApi(() => undefined);
    renderApp('/app/influencers/view/not-an-id');
    expect(await screen.findByText('Influencer not found.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/getInfluencerDetail')).toHaveLength(0);
  });

  it('shows an error with a Retry that asks again', async () => {
    let fail = true;
    const requests = stubApi((config) =>
      config.url === '/admin/getFanDetail' ? (fail ? 'network-error' : ok(profileOf())) : undefined,
    );
    renderApp(`/app/fans/view/${FAN_ID}`);
    expect(await screen.findByText('Fan could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Network error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/getFanDetail').length).toBeGreaterThanOrEqual(2);
  });
});
