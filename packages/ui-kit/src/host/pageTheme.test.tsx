import { act, render } from '@testing-library/react';
import { theme } from 'antd';
import { themeMode } from '@backoffice/shared-api/runtime';
import { THEMES } from '../ThemeProvider';
import { PAGE_COLOURS, PAGE_SIZES, usePageTheme } from './pageTheme';

/** antd writes some colours as 'rgba(0, 0, 0, 0.6)' and others as 'rgba(0,0,0,0.6)'. */
const same = (colour: string) => colour.replace(/\s+/g, '').toLowerCase();

describe('the page theme (the colours of the screens drawn without antd)', () => {
  it.each(['light', 'dark'] as const)("is antd's theme in %s mode, colour for colour", (mode) => {
    const token = theme.getDesignToken(THEMES[mode]) as unknown as Record<string, string | number>;
    for (const [name, colour] of Object.entries(PAGE_COLOURS[mode])) {
      expect([name, same(colour)]).toEqual([name, same(String(token[name]))]);
    }
    for (const [name, size] of Object.entries(PAGE_SIZES)) expect([name, size]).toEqual([name, token[name]]);
  });

  it("colours the page by the admin's choice, and follows a change", () => {
    function Page() {
      usePageTheme();
      return null;
    }
    act(() => themeMode.set('light'));
    render(<Page />);
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(root.style.backgroundColor).toBe('rgb(245, 245, 245)');
    expect(document.getElementById('bo-page-styles')?.textContent).toContain('--bo-color-bg-layout:#000000');
    act(() => themeMode.set('dark'));
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.backgroundColor).toBe('rgb(0, 0, 0)');
    act(() => themeMode.set('light'));
    localStorage.clear();
  });
});
