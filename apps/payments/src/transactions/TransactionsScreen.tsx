import { Route, Routes } from 'react-router-dom';
import { TransactionsList } from './TransactionsList';

/** /app/transactions; paths are relative so they work under /app and under /. */
export default function TransactionsScreen() {
  return (
    <Routes>
      <Route index element={<TransactionsList />} />
    </Routes>
  );
}
