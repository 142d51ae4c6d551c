import { Route, Routes } from '@backoffice/ui-kit/router';
import { lazyScreen } from '@backoffice/ui-kit';
import { DiscountCodesList } from './DiscountCodesList';

// Fetched when first opened: the list does not wait for the record screens and their form fields.
const DiscountCodeEdit = lazyScreen(() => import('./DiscountCodeEdit').then((m) => m.DiscountCodeEdit));
const DiscountCodeForm = lazyScreen(() => import('./DiscountCodeForm').then((m) => m.DiscountCodeForm));
const DiscountCodeView = lazyScreen(() => import('./DiscountCodeView').then((m) => m.DiscountCodeView));

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
