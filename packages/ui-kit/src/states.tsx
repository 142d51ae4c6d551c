import type { ReactNode } from 'react';
import { Button, Flex, Typography, WarningFilled, theme } from '@backoffice/ui-kit/antd';

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

/**
 * Nothing to show, said plainly: antd's Empty with its simple image (its drawing, in the theme's
 * fills), not drawn by it, which carries its larger illustration into every list.
 */
export function EmptyState({ message }: { message: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      gap={token.marginXS}
      style={{ marginBlock: token.marginXL, color: token.colorTextDescription, textAlign: 'center' }}
    >
      <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill={token.colorFillTertiary} cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke={token.colorFill}>
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
              fill={token.colorFillQuaternary}
            />
          </g>
        </g>
      </svg>
      <div>{message}</div>
    </Flex>
  );
}
