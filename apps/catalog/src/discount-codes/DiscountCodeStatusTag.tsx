import { Tag } from '@backoffice/ui-kit';

export function DiscountCodeStatusTag({ status }: { status: string }) {
  return <Tag color={status === 'Active' ? 'green' : 'default'}>{status}</Tag>;
}
