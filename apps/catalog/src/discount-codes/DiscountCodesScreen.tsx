import { Route, Routes } from '@backoffice/ui-kit/router';
import { DiscountCodeEdit } from './DiscountCodeEdit';
import { DiscountCodeForm } from './DiscountCodeForm';
import { DiscountCodesList } from './DiscountCodesList';
import { DiscountCodeView } from './DiscountCodeView';

/** /app/manage-discount-codes and its sub-routes; paths are relative so they work under /app and under /. */
export default function DiscountCodesScreen() {
  return (
    <Routes>
      <Route index element={<DiscountCodesList />} />
      <Route path="add" element={<DiscountCodeForm />} />
      <Route path="edit/:id" element={<DiscountCodeEdit />} />
      <Route path="view/:id" element={<DiscountCodeView />} />
    </Routes>
  );
}
