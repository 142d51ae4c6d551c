import { useEffect } from 'react';
import { setToastHandler } from '@backoffice/shared-api/runtime';
import { notification } from '@backoffice/ui-kit/antd-on-demand';
import { ThemeProvider } from '@backoffice/ui-kit/antd';

/** Spec section 9: toasts close after 3000 ms, top right (antd counts seconds). */
const TOAST = { placement: 'topRight', duration: 3 } as const;

/**
 * Toasts start below the page header (antd's 64 px, and a gap): at antd's own 24 px they covered the
 * account menu and the theme switch, and a pointer resting on a toast pauses it, so an admin reaching
 * for the menu just after saving found it covered for as long as they tried.
 */
const TOAST_TOP = 64 + 16;

/** Shows the page's toast queue (shared-api's runtime) as antd notifications, in the theme around it. */
export function ToastBridge() {
  const [api, holder] = notification.useNotification({ ...TOAST, top: TOAST_TOP });
  useEffect(() => setToastHandler((kind, message) => api[kind]({ title: message, ...TOAST })), [api]);
  return holder;
}

/** The toasts with their own theme: what LazyToasts fetches when the first toast is raised. */
export default function ThemedToasts() {
  return (
    <ThemeProvider>
      <ToastBridge />
    </ThemeProvider>
  );
}
