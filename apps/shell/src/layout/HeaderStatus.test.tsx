import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, THEME_STORAGE_KEY } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN } from '@backoffice/shared-api/testing';
import { AvailabilityBadge, ThemeToggle } from './HeaderStatus';

function renderHeader() {
  return render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <AvailabilityBadge />
      <ThemeToggle />
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.logout('', { silent: true });
  session.signedIn(ADMIN);
});

describe('the header', () => {
  it('shows the admin available only while they chose so and the live connection is up', () => {
    renderHeader();
    expect(screen.getByText('Not available')).toBeInTheDocument();
    act(() => session.setAvailability('1'));
    expect(screen.getByText('Not available')).toBeInTheDocument();
    act(() => session.setGeneral({ isSocketConnected: true }));
    expect(screen.getByText('Available')).toBeInTheDocument();
    act(() => session.setGeneral({ isSocketConnected: false }));
    expect(screen.getByText('Not available')).toBeInTheDocument();
  });

  it('toggles between light and dark, remembering the choice', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });
});
