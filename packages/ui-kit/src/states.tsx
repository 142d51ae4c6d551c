import type { ReactNode } from 'react';
import { Button, Empty, Result } from '@backoffice/ui-kit/antd';

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
