import { useEffect } from 'react';
import { setToastHandler } from '@backoffice/shared-api/runtime';
import { ThemeProvider, useToasts } from '@backoffice/ui-kit/antd';

/** Routes the shared toast service (used by every app through shared-api) to antd notifications. */
export function ToastBridge() {
  const toasts = useToasts();
  useEffect(() => setToastHandler((kind, message) => toasts.show(kind, message)), [toasts]);
  return null;
}

/** The page's toasts, in the theme, outside every route: a toast raised as a route closes stays. */
export default function ThemedToasts() {
  return (
    <ThemeProvider>
      <ToastBridge />
    </ThemeProvider>
  );
}
