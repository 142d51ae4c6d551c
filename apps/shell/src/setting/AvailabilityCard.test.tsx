import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, stubApi, type StubReply } from '@backoffice/shared-api/testing';
import { AvailabilityCard } from './AvailabilityCard';
import { PROFILE, renderInShell } from './testFixtures';

const availability = () => screen.getByRole('switch', { name: 'Available' });
let answer: (body: Record<string, unknown>) => StubReply | Promise<StubReply>;
let requests: ReturnType<typeof stubApi>;

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
  session.setGeneral({ isSocketConnected: true });
  answer = (body) => ok({ ...PROFILE, ...body }, 'You are now available');
  requests = stubApi((config) => (config.url === ROUTES.updateAvailability.path ? answer(bodyOf(config)) : undefined));
});

describe('the availability card', () => {
  it("shows the admin's stored choice", () => {
    session.setAvailability('1');
    renderInShell(<AvailabilityCard />);
    expect(availability()).toBeChecked();
  });

  it("switches at once, keeps it on the server and says the server's word", async () => {
    let reply!: () => void;
    const replied = new Promise<void>((resolve) => (reply = resolve));
    answer = async (body) => {
      await replied;
      return ok({ ...PROFILE, ...body }, 'You are now available');
    };
    renderInShell(<AvailabilityCard />);
    expect(availability()).not.toBeChecked();
    await userEvent.click(availability());
    await waitFor(() => expect(availability()).toBeChecked());
    expect(session.getState().auth.user?.availabilityStatus).toBe('1');
    expect(bodyOf(requests[0]!)).toEqual({ availabilityStatus: '1' });
    await act(async () => reply());
    expect(await screen.findByText('You are now available')).toBeInTheDocument();
    expect(availability()).toBeChecked();
  });

  it('goes back and says why when the server refuses', async () => {
    answer = () => failure(500, 'Database unavailable');
    renderInShell(<AvailabilityCard />);
    await userEvent.click(availability());
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(availability()).not.toBeChecked());
    expect(session.getState().auth.user?.availabilityStatus).toBe('0');
  });

  it('warns that an available admin shows as not available while the live connection is down', () => {
    session.setAvailability('1');
    session.setGeneral({ isSocketConnected: false });
    renderInShell(<AvailabilityCard />);
    expect(
      screen.getByText('You show as not available while the live connection to the server is down.'),
    ).toBeInTheDocument();
  });
});
