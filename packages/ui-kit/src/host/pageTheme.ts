import { useEffect } from 'react';
import { useThemeMode, type ThemeMode } from '@backoffice/shared-api/runtime';
import { ensureStyleSheet } from '../styleSheet';
import { PAGE_COLOURS, PAGE_CSS, PAGE_STYLE_ID } from './pageStyles';

// Without antd or React: the page's HTML is built with them too (webpack/index.html).
export { PAGE_COLOURS, PAGE_SIZES } from './pageStyles';

/** Adds the stylesheet once per document (each plain component calls it; only the first writes). */
export function ensurePageStyles(): void {
  ensureStyleSheet(PAGE_STYLE_ID, PAGE_CSS);
}

/**
 * The page behind every screen follows the admin's light/dark choice: its background, its own
 * scrollbars and form controls (color-scheme), and the colours of the screens drawn without antd.
 * Rendered once by the page's root (HostRoot).
 */
export function usePageTheme(): ThemeMode {
  const [mode] = useThemeMode();
  useEffect(() => {
    ensurePageStyles();
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    root.style.backgroundColor = PAGE_COLOURS[mode].colorBgLayout;
  }, [mode]);
  return mode;
}
