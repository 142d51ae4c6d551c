import { act, renderHook } from '@testing-library/react';
import { THEME_STORAGE_KEY, themeMode, useThemeMode } from './themeMode';

function mockSystemPreference(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  const spy = jest.spyOn(window, 'matchMedia').mockImplementation(() => media as unknown as MediaQueryList);
  return {
    change(next: boolean) {
      dark = next;
      for (const l of [...listeners]) l();
    },
    restore: () => spy.mockRestore(),
  };
}

describe('the theme mode', () => {
  beforeEach(() => localStorage.clear());

  it('starts light, and remembers a choice across page loads under backoffice:theme', () => {
    const { result, unmount } = renderHook(() => useThemeMode());
    expect(result.current[0]).toBe('light');
    act(() => result.current[1]('dark'));
    expect(result.current[0]).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    unmount();
    // A new page reads what is stored.
    expect(renderHook(() => useThemeMode()).result.current[0]).toBe('dark');
  });

  it("follows the system's dark preference until the admin chooses", () => {
    const system = mockSystemPreference(true);
    try {
      const { result } = renderHook(() => useThemeMode());
      expect(result.current[0]).toBe('dark');
      act(() => system.change(false));
      expect(result.current[0]).toBe('light');
      act(() => result.current[1]('dark'));
      act(() => system.change(false));
      expect(result.current[0]).toBe('dark');
    } finally {
      system.restore();
    }
  });

  it('follows a choice made in another tab', () => {
    const { result } = renderHook(() => useThemeMode());
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(result.current[0]).toBe('dark');
  });

  it('ignores a stored value that is no theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(themeMode.get()).toBe('light');
  });
});
