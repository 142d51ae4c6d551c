import { useEffect, useMemo, type ReactNode } from 'react';
import { App, ConfigProvider, theme, type ThemeConfig } from 'antd';
import { useThemeMode, type ThemeMode } from './themeMode';

export type { ThemeMode };
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Spec section 9: toasts close after 3000 ms, top right (antd counts seconds). */
const TOAST = { placement: 'topRight', duration: 3 } as const;

const TOKENS: ThemeConfig['token'] = { colorPrimary: '#1677ff', borderRadius: 6 };

/**
 * The theme of the whole product. The shell renders it once; remotes render inside the shell's tree
 * and inherit it, which works because ui-kit (and so antd) is one shared singleton. Without `mode`
 * it follows the admin's remembered choice (useThemeMode).
 */
export function ThemeProvider({ mode: fixed, children }: { mode?: ThemeMode; children: ReactNode }) {
  const [remembered] = useThemeMode();
  const mode = fixed ?? remembered;
  // The page's own scrollbars and form controls follow the theme too.
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  const config = useMemo<ThemeConfig>(
    () => ({ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: TOKENS }),
    [mode],
  );
  return (
    <ConfigProvider theme={config}>
      {/* App gives message, notification and modal the theme's context, which their static forms lack. */}
      <App notification={TOAST}>{children}</App>
    </ConfigProvider>
  );
}

export interface Toasts {
  show(kind: ToastKind, message: string): void;
}

/** Toasts for anything inside ThemeProvider; the returned object is stable across renders. */
export function useToasts(): Toasts {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      show(kind, message) {
        notification[kind]({ title: message, ...TOAST });
      },
    }),
    [notification],
  );
}
