import type { ReactNode } from 'react';
import { Button, Empty, Flex, Typography, WarningFilled, theme } from '@backoffice/ui-kit/antd';

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** The way on besides Retry: a link back, to ask again. */
  action?: ReactNode;
}

/**
 * A failed load, said plainly, with a way to try again that needs no page reload. Laid out as antd's
 * Result with its warning icon, but not drawn by it: Result carries its 403, 404 and 500
 * illustrations (~11 KiB gzip) into every list, which shows this only when a load fails.
 */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
  action,
}: ErrorStateProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="alert"
      vertical
      align="center"
      gap={8}
      style={{ padding: `${token.paddingXL}px ${token.padding}px`, textAlign: 'center' }}
    >
      <WarningFilled aria-hidden style={{ fontSize: 56, color: token.colorWarning, marginBottom: token.marginSM }} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {message && <Typography.Text type="secondary">{message}</Typography.Text>}
      {(onRetry || action) && (
        <Flex gap="small" align="center" style={{ marginTop: token.marginSM }}>
          {onRetry && (
            <Button type="primary" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {action}
        </Flex>
      )}
    </Flex>
  );
}

export function EmptyState({ message }: { message: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={message} />;
}
