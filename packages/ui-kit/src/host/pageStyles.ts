import type { ThemeMode } from '@backoffice/shared-api/runtime';

/**
 * The colours of antd's theme (ThemeProvider's THEMES, after antd's algorithm) that the screens
 * drawn without antd use: the sign-in form and the loading overlay. Those screens come before any
 * antd code is fetched, so they cannot ask antd for its tokens; pageTheme.test.ts holds each value
 * to `theme.getDesignToken`, so a change of theme cannot leave them behind.
 */
export const PAGE_COLOURS = {
  light: {
    colorBgLayout: '#f5f5f5',
    colorBgContainer: '#ffffff',
    colorBorder: '#d9d9d9',
    colorBorderSecondary: '#f0f0f0',
    colorText: 'rgba(0,0,0,0.88)',
    colorTextSecondary: 'rgba(0,0,0,0.65)',
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorTextLightSolid: '#fff',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322',
    colorErrorBg: '#ffe8e6',
    colorErrorBorder: '#f58d8c',
    controlOutline: 'rgba(5,145,255,0.1)',
    colorErrorOutline: 'rgba(255,25,5,0.1)',
  },
  dark: {
    colorBgLayout: '#000000',
    colorBgContainer: '#141414',
    colorBorder: '#424242',
    colorBorderSecondary: '#303030',
    colorText: 'rgba(255,255,255,0.85)',
    colorTextSecondary: 'rgba(255,255,255,0.65)',
    colorPrimary: '#1668dc',
    colorPrimaryHover: '#1554ad',
    colorTextLightSolid: '#fff',
    colorLink: '#5c99dc',
    colorLinkHover: '#91caff',
    colorError: '#dc6966',
    colorErrorBg: '#2c1b1c',
    colorErrorBorder: '#5b3231',
    controlOutline: 'rgba(23,117,249,0.31)',
    colorErrorOutline: 'rgba(238,84,93,0.11)',
  },
} as const satisfies Record<ThemeMode, Record<string, string>>;

/** The sizes of the same theme, equal in both modes (checked the same way). */
export const PAGE_SIZES = {
  borderRadius: 6,
  borderRadiusLG: 8,
  fontSize: 14,
  fontSizeHeading3: 24,
  controlHeight: 32,
  paddingLG: 24,
} as const;

type ColourName = keyof (typeof PAGE_COLOURS)['light'];

/** `colorBgLayout` -> `--bo-color-bg-layout`. */
const cssVar = (name: ColourName) => `--bo-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const v = (name: ColourName) => `var(${cssVar(name)})`;
const declarations = (mode: ThemeMode) =>
  (Object.keys(PAGE_COLOURS[mode]) as ColourName[]).map((n) => `${cssVar(n)}:${PAGE_COLOURS[mode][n]};`).join('');

const S = PAGE_SIZES;

// antd's own measures (Form.Item, Input, Button, Alert, Title level 3), so that the sign-in form
// looks like the forms after it.
export const PAGE_CSS = `
:root{${declarations('light')}}
:root[data-theme="dark"]{${declarations('dark')}}
.bo-page{color:${v('colorText')};font-size:${S.fontSize}px;line-height:1.5715}
.bo-card{box-sizing:border-box;max-width:420px;margin:10vh auto;padding:${S.paddingLG}px;background:${v('colorBgContainer')};border:1px solid ${v('colorBorderSecondary')};border-radius:${S.borderRadiusLG}px}
.bo-card h3{margin:0 0 .5em;font-size:${S.fontSizeHeading3}px;font-weight:600;line-height:1.3333;color:${v('colorText')}}
.bo-alert{display:flex;align-items:flex-start;gap:8px;margin-bottom:16px;padding:8px 12px;color:${v('colorText')};background:${v('colorErrorBg')};border:1px solid ${v('colorErrorBorder')};border-radius:${S.borderRadiusLG}px}
.bo-alert::before{content:"!" / "";flex:none;width:14px;height:14px;margin-top:4px;border-radius:50%;background:${v('colorError')};color:${v('colorBgContainer')};font-size:10px;font-weight:700;line-height:14px;text-align:center}
.bo-field{margin-bottom:${S.paddingLG}px}
.bo-field label{display:block;padding-bottom:8px}
.bo-input{box-sizing:border-box;width:100%;height:${S.controlHeight}px;padding:4px 11px;font:inherit;color:${v('colorText')};background:${v('colorBgContainer')};border:1px solid ${v('colorBorder')};border-radius:${S.borderRadius}px;outline:0;transition:border-color .2s,box-shadow .2s}
.bo-input:hover{border-color:${v('colorPrimaryHover')}}
.bo-input:focus{border-color:${v('colorPrimary')};box-shadow:0 0 0 2px ${v('controlOutline')}}
.bo-input[aria-invalid="true"]{border-color:${v('colorError')}}
.bo-input[aria-invalid="true"]:focus{box-shadow:0 0 0 2px ${v('colorErrorOutline')}}
.bo-field-error{color:${v('colorError')}}
.bo-button{box-sizing:border-box;width:100%;height:${S.controlHeight}px;padding:4px 15px;font:inherit;color:${v('colorTextLightSolid')};background:${v('colorPrimary')};border:1px solid transparent;border-radius:${S.borderRadius}px;box-shadow:0 2px 0 ${v('controlOutline')};cursor:pointer;transition:background .2s}
.bo-button:hover{background:${v('colorPrimaryHover')}}
.bo-button:focus-visible{outline:3px solid ${v('colorLink')};outline-offset:1px}
.bo-button[aria-busy="true"]{opacity:.65;cursor:default}
.bo-link{color:${v('colorLink')};text-decoration:none}
.bo-link:hover{color:${v('colorLinkHover')}}
.bo-link:focus-visible{outline:2px solid ${v('colorLink')};outline-offset:2px;border-radius:2px}
.bo-link-button{padding:0;font:inherit;background:none;border:0;cursor:pointer}
.bo-hint{margin:0 0 16px;color:${v('colorTextSecondary')}}
.bo-actions{display:flex;justify-content:space-between;gap:16px;margin-top:16px}
.bo-overlay{position:fixed;inset:0;z-index:1100;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;background:${v('colorBgLayout')};color:${v('colorTextSecondary')}}
.bo-spinner{box-sizing:border-box;width:32px;height:32px;border:3px solid ${v('colorBorderSecondary')};border-top-color:${v('colorPrimary')};border-radius:50%;animation:bo-spin .8s linear infinite}
@keyframes bo-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.bo-spinner{animation-duration:2.4s}}
`;

/** The id of the page's stylesheet: the page's HTML carries it already (webpack/index.html). */
export const PAGE_STYLE_ID = 'bo-page-styles';
