import type { ReactNode } from 'react';
import { Button, Empty, Result, Spin, theme, Typography } from '@backoffice/ui-kit/antd';

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

export interface ErrorStateProps {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed load, said plainly, with a way to try again that needs no page reload. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
}: ErrorStateProps) {
  return (
    <div role="alert">
      <Result
        status="warning"
        title={title}
        subTitle={message}
        extra={
          onRetry && (
            <Button type="primary" onClick={onRetry}>
              {retryLabel}
            </Button>
          )
        }
      />
    </div>
  );
}

export function EmptyState({ message }: { message: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={message} />;
}
