import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadCsv, type ExportProgress, type TransactionExportQuery } from '@backoffice/shared-api';
import { UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { useToasts } from '@backoffice/ui-kit';

export const EXPORT_CANCELLED_MESSAGE = 'Export cancelled: no file was saved.';

// Some browsers read a blob URL only after the click has returned; revoking it at once can cancel
// the download. A second is plenty, and the Blob is freed right after.
const REVOKE_AFTER_MS = 1000;

const count = (n: number) => n.toLocaleString('en-US');
const rowsOf = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

/** "Exporting 12,300 of 50,000 rows", or without the total when the server did not send it. */
export function progressText({ rows, total }: ExportProgress): string {
  return total === null ? `Exporting ${rowsOf(rows)}` : `Exporting ${count(rows)} of ${rowsOf(total)}`;
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  // Firefox follows a click only on a link that is in the document.
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * The "Export CSV" of the Transactions list: streams every row the list's filters, search and sort
 * select, shows how far it got, can be cancelled, and saves the file only when it arrived whole.
 */
export function useTransactionsExport(query: TransactionExportQuery) {
  const toasts = useToasts();
  const [progress, setProgress] = useState<ExportProgress>();
  const [error, setError] = useState<string>();
  // The running export's controller; set before the first await so that a double click sees it.
  const running = useRef<AbortController | undefined>(undefined);

  // Leaving the screen ends the export: nothing could show its progress or save its file any more.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setError(undefined);
    setProgress({ rows: 0, total: null });
    try {
      const file = await downloadCsv(
        'exportTransactions',
        // The admin reads the Date column in their own zone, as the list shows it.
        { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        // A reply that names no file (a proxy that hides Content-Disposition) still says what it holds.
        { signal: controller.signal, onProgress: setProgress, fileName: 'transactions.csv' },
      );
      // Cancelled as the last bytes arrived: the admin asked for no file, so none is saved.
      if (controller.signal.aborted) throw new Error(EXPORT_CANCELLED_MESSAGE);
      saveFile(file.blob, file.fileName);
      toasts.show('success', `Exported ${rowsOf(file.rows)} to ${file.fileName}`);
    } catch (err) {
      if (controller.signal.aborted) {
        toasts.show('info', EXPORT_CANCELLED_MESSAGE);
        return;
      }
      setError(err instanceof Error && err.message ? err.message : UNKNOWN_ERROR_MESSAGE);
    } finally {
      running.current = undefined;
      setProgress(undefined);
    }
  }, [query, toasts]);

  return {
    start,
    cancel: () => running.current?.abort(),
    running: progress !== undefined,
    progress,
    error,
    dismissError: () => setError(undefined),
  };
}
