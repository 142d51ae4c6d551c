import type { ReactNode } from 'react';
import { Spin, theme, Typography } from '@backoffice/ui-kit/antd-core';

/** Spec section 2: a full-screen overlay with a spinner while a page loads. */
export function LoadingOverlay({ tip }: { tip?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-label="Loading"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: token.zIndexPopupBase + 100,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: token.marginSM,
        background: token.colorBgLayout,
      }}
    >
      <Spin size="large" />
      {tip && <Typography.Text type="secondary">{tip}</Typography.Text>}
    </div>
  );
}
