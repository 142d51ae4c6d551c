import type { ReactNode } from 'react';
import { ensurePageStyles } from './host/pageTheme';

/**
 * Spec section 2: a full-screen overlay with a spinner while a page loads. Drawn without antd: it is
 * what shows while antd itself (or the sign-in page, which has none) is on its way.
 */
export function LoadingOverlay({ tip }: { tip?: ReactNode }) {
  ensurePageStyles();
  return (
    <div role="status" aria-label="Loading" className="bo-overlay">
      <div className="bo-spinner" />
      {tip && <span>{tip}</span>}
    </div>
  );
}
