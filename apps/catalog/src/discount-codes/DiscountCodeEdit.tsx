import { DiscountCodeForm } from './DiscountCodeForm';
import { DiscountCodeLoadState } from './DiscountCodeLoadState';
import { useDiscountCodeLoad } from './useDiscountCodeLoad';

/** edit/:id: the form, once the code is loaded. */
export function DiscountCodeEdit() {
  const load = useDiscountCodeLoad();
  if (load.state !== 'ready') return <DiscountCodeLoadState load={load} />;
  // Keyed by id: another code gets a fresh form; a refetch of this one leaves the typed values alone.
  return <DiscountCodeForm key={load.id} code={load.data} />;
}
