import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from '@backoffice/ui-kit';
import { AppearanceCard } from './AppearanceCard';
import { renderInShell } from './testFixtures';

beforeEach(() => localStorage.clear());

describe('the appearance card', () => {
  it('switches between light and dark, remembered in this browser', async () => {
    renderInShell(<AppearanceCard />);
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.click(screen.getByText('Dark'));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByText('Light'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
