import { Button, ErrorState } from '@backoffice/ui-kit';
import { Modal } from '@backoffice/ui-kit/forms';
import type { AdminRow } from '@backoffice/shared-api';
import { SessionsTable } from '../sessions/SessionsTable';
import { adminName } from './adminName';
import { useAdminSessions } from './useAdminSessions';

export interface AdminSessionsDialogProps {
  admin: AdminRow;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Where another admin is signed in, each session with a Sign out that ends it (and its sockets) at once. */
export function AdminSessionsDialog({ admin, open, onClose, afterClose }: AdminSessionsDialogProps) {
  const c = useAdminSessions(admin);
  const title = `Sessions of ${adminName(admin)}`;
  return (
    <Modal
      open={open}
      title={title}
      width={820}
      onCancel={onClose}
      afterClose={afterClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {c.error ? (
        <ErrorState title="The sessions could not be loaded" message={c.error} onRetry={c.retry} />
      ) : (
        <SessionsTable
          caption={title}
          rows={c.rows}
          loading={c.loading}
          onSignOut={c.signOut}
          pendingId={c.pendingId}
        />
      )}
    </Modal>
  );
}
