import { Route, Routes } from '@backoffice/ui-kit/router';
import { NotificationsList } from './NotificationsList';

/** /app/notifications; paths are relative so they work under /app and under /. */
export default function NotificationsScreen() {
  return (
    <Routes>
      <Route index element={<NotificationsList />} />
    </Routes>
  );
}
