import { Breadcrumb } from '@backoffice/ui-kit/antd';
import { Link } from '@backoffice/ui-kit/router';

export interface PageBreadcrumbItem {
  title: string;
  /**
   * Where the crumb leads, passed to react-router's Link as given. Screens inside a remote pass a
   * path resolved against the base they run under (/app or /), or a relative one.
   */
  to?: string;
}

// antd spreads unknown props onto its <nav>, but its types do not declare ARIA attributes.
const NAV_LABEL = { 'aria-label': 'Breadcrumb' } as object;

export function PageBreadcrumb({ items }: { items: PageBreadcrumbItem[] }) {
  return (
    <Breadcrumb
      {...NAV_LABEL}
      style={{ marginBottom: 16 }}
      items={items.map((item, index) => ({
        key: `${index}-${item.title}`,
        title: item.to ? <Link to={item.to}>{item.title}</Link> : item.title,
        'aria-current': index === items.length - 1 ? ('page' as const) : undefined,
      }))}
    />
  );
}
