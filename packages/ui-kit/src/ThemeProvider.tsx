import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { keepTabInDialogs } from './modalFocus';
import { toast, useThemeMode, type ThemeMode } from '@backoffice/shared-api/runtime';
import { DialogsProvider } from './dialogs';

export type { ThemeMode };
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/**
 * A preset colour's 7th shade, in both of antd's spellings: the CSS variable (--ant-gold-7) is
 * written from each, the legacy 'gold-7' last, so setting 'gold7' alone changes nothing on screen.
 */
function textShade<P extends 'gold' | 'green' | 'cyan' | 'orange' | 'purple'>(preset: P, colour: string) {
  return { [`${preset}7`]: colour, [`${preset}-7`]: colour } as Record<`${P}7` | `${P}-7`, string>;
}

/**
 * antd's default colours fall short of WCAG AA (4.5:1 for text) in places admins read all day: the
 * primary blue as a link or on a button (4.1:1), secondary text and breadcrumbs (3.3:1), red, green,
 * gold and orange as text and in tags (2-3.4:1). Each mode picks the seeds and the few derived
 * colours that pass on every background antd puts them on (container, layout, elevated, table
 * header); ThemeProvider.test.tsx measures the pairs.
 */
const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    borderRadius: 6,
    // antd's blue-7: 6.2:1 with white on it and as text on white.
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    // antd lightens a colour under the pointer, below 4.5:1 again from these seeds: here it darkens.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorErrorHover: '#a8071a',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // Generated from the darker seeds these turn grey; the tags' pale backgrounds are kept.
    colorSuccessBg: '#f6ffed',
    colorWarningBg: '#fffbe6',
    // Secondary text (descriptions, breadcrumbs, labels, placeholders of a select) at 0.45 is 3.3:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // A preset tag's text is the palette's 7th shade on its 1st: these four are too pale there.
    ...textShade('gold', '#874d00'),
    ...textShade('green', '#237804'),
    ...textShade('cyan', '#006d75'),
    ...textShade('orange', '#ad4e00'),
  },
};

/**
 * In the dark no one colour serves both as text on the dark background and as a button's fill under
 * white text: the primary stays antd's (white on it is 5.2:1) and what shows it as text (links, the
 * selected tab) takes a lighter blue; red is light enough to read, so a danger button's label on it
 * is dark.
 */
const DARK_TEXT_BLUE = '#69b1ff';
const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    borderRadius: 6,
    colorPrimary: '#1677ff',
    colorLink: DARK_TEXT_BLUE,
    colorInfo: DARK_TEXT_BLUE,
    colorError: '#ff7875',
    // Under the pointer and pressed: a button's fill darker (white stays legible on it), a link's
    // text lighter, a red lighter (its dark label stays legible).
    colorPrimaryHover: '#1554ad',
    colorLinkHover: '#91caff',
    colorLinkActive: '#91caff',
    colorErrorActive: '#ff7875',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    ...textShade('purple', '#ab7ae0'),
  },
  components: {
    Button: { dangerColor: '#141414' },
    Tabs: { itemSelectedColor: DARK_TEXT_BLUE, itemHoverColor: DARK_TEXT_BLUE, itemActiveColor: DARK_TEXT_BLUE },
  },
};

/** Exported for the test that measures its contrast; not part of the package's entry. */
export const THEMES: Record<ThemeMode, ThemeConfig> = { light: LIGHT, dark: DARK };

/**
 * antd without CSS-in-JS: its components' styles come from the stylesheet the page links
 * (webpack/antd-styles.js), and only the theme's values are written at run time, as CSS variables.
 * Serialising every drawn component's styles in JavaScript was the largest block of main-thread
 * work before the first screen's rows (`npm run bench:bundle -- --baseline`). Any page that renders
 * ThemeProvider must link that stylesheet: the shell's and each remote's dev page do.
 */
const PAGE_THEMES: Record<ThemeMode, ThemeConfig> = {
  light: { ...LIGHT, zeroRuntime: true },
  dark: { ...DARK, zeroRuntime: true },
};

/**
 * The theme of the whole product. The shell renders it once; remotes render inside the shell's tree
 * and inherit it, which works because ui-kit (and so antd) is one shared singleton. Without `mode`
 * it follows the admin's remembered choice (useThemeMode).
 */
export function ThemeProvider({ mode: fixed, children }: { mode?: ThemeMode; children: ReactNode }) {
  const [remembered] = useThemeMode();
  const mode = fixed ?? remembered;
  useEffect(() => keepTabInDialogs(), []);
  return (
    <ConfigProvider theme={PAGE_THEMES[mode]}>
      <PageText>
        <DialogsProvider>{children}</DialogsProvider>
      </PageText>
    </ConfigProvider>
  );
}

/**
 * The theme's text (colour, size, line height, font) around the screens, as antd's App sets it.
 * App itself is not used: it brings antd's Modal, notification and message into every page, about
 * 20 KiB gzip; confirmations come from DialogsProvider and toasts from the page's root, each
 * fetching its part of antd when first wanted.
 */
function PageText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export interface Toasts {
  show(kind: ToastKind, message: string): void;
}

// The page's one toast queue (shared-api's runtime), which the root's LazyToasts shows in the theme.
const PAGE_TOASTS: Toasts = { show: (kind, message) => toast[kind](message) };

/** Toasts for anything on the page; the returned object is stable across renders. */
export function useToasts(): Toasts {
  return PAGE_TOASTS;
}
