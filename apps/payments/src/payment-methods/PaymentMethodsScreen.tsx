import { Route, Routes } from '@backoffice/ui-kit/router';
import { PaymentMethodsList } from './PaymentMethodsList';

/** /app/payment-methods; paths are relative so they work under /app and under /. */
export default function PaymentMethodsScreen() {
  return (
    <Routes>
      <Route index element={<PaymentMethodsList />} />
    </Routes>
  );
}
