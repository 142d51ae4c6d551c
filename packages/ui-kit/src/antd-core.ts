/**
 * The part of antd that every page needs, the sign-in page included, and the theme: ui-kit's
 * second singleton entry. Module Federation shares `@backoffice/ui-kit/antd-core` under its own key
 * as a strict singleton with its own version (package.json `federation.singletons`), like `./antd`.
 *
 * Why apart from `./antd`: a shared module is not tree-shaken, so the sign-in page would otherwise
 * fetch every component a screen uses (antd's Table alone is ~200 KiB gzip). `./antd` re-exports
 * these names from here by package name, so antd's ConfigProvider, theme context and style cache are
 * still one per page: both entries come from the same build (the shell's), and run on its module
 * instances.
 *
 * Adding a component here changes the singleton: bump its version (README, "Releasing a remote").
 */
export { App, Alert, Button, ConfigProvider, Flex, Form, Input, Space, Spin, Typography, theme } from 'antd';
export type {
  AppProps,
  AlertProps,
  ButtonProps,
  ConfigProviderProps,
  FlexProps,
  FormInstance,
  FormItemProps,
  FormProps,
  FormRule,
  GlobalToken,
  InputProps,
  SpaceProps,
  SpinProps,
  ThemeConfig,
  TypographyProps,
} from 'antd';

// The product's theme (ConfigProvider and App around the page) and the light/dark choice: one store per page.
export { ThemeProvider, useToasts, type ThemeMode, type ToastKind, type Toasts } from './ThemeProvider';
export { THEME_STORAGE_KEY, themeMode, useThemeMode } from './themeMode';
