import { Route, Routes } from '@backoffice/ui-kit/router';
import { TransactionsList } from './TransactionsList';

/** /app/transactions; paths are relative so they work under /app and under /. */
export default function TransactionsScreen() {
  return (
    <Routes>
      <Route index element={<TransactionsList />} />
    </Routes>
  );
}
