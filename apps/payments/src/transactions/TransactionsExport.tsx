import { Alert, Button, Flex, Typography, theme } from '@backoffice/ui-kit';
import type { ExportProgress, TransactionExportQuery } from '@backoffice/shared-api';
import { progressText, useTransactionsExport } from './useTransactionsExport';

/**
 * A bar of our own: antd's Progress would be fetched by every admin's first screen (ui-kit's antd
 * entry is shared whole) for this one screen. Without a total it shows no fill, only the count.
 */
function ExportBar({ rows, total }: ExportProgress) {
  const { token } = theme.useToken();
  const percent = total ? Math.min(100, Math.round((rows / total) * 100)) : undefined;
  return (
    <div
      role="progressbar"
      aria-label="Export progress"
      aria-valuemin={0}
      aria-valuemax={total ?? undefined}
      aria-valuenow={total ? rows : undefined}
      aria-valuetext={progressText({ rows, total })}
      style={{ width: 200, height: 8, borderRadius: 4, background: token.colorFillSecondary, overflow: 'hidden' }}
    >
      <div
        style={{
          width: `${percent ?? 0}%`,
          height: '100%',
          background: token.colorPrimary,
          transition: 'width 0.2s',
        }}
      />
    </div>
  );
}

/** "Export CSV" and, while it runs, how far it got and a Cancel; a failure stays until dismissed. */
export function TransactionsExport({ query }: { query: TransactionExportQuery }) {
  const exporter = useTransactionsExport(query);
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Button disabled={exporter.running} onClick={() => void exporter.start()}>
          Export CSV
        </Button>
        {exporter.progress && (
          <>
            <ExportBar {...exporter.progress} />
            <Typography.Text type="secondary" aria-live="polite">
              {progressText(exporter.progress)}
            </Typography.Text>
            <Button onClick={exporter.cancel}>Cancel</Button>
          </>
        )}
      </Flex>
      {exporter.error && (
        <Alert
          type="error"
          showIcon
          title="The export failed"
          description={exporter.error}
          closable={{ 'aria-label': 'Dismiss', onClose: exporter.dismissError }}
        />
      )}
    </Flex>
  );
}
