import { Route, Routes, useParams } from '@backoffice/ui-kit/router';
import {
  Card,
  EmptyState,
  Grid,
  LoadingOverlay,
  PageBreadcrumb,
  Space,
  useLinkTo,
  type PageBreadcrumbItem,
} from '@backoffice/ui-kit';
import { Tabs } from '@backoffice/ui-kit/forms';
import { CallsTab } from './CallsTab';
import { DetailsTab } from './DetailsTab';
import { DiscountCodesTab } from './DiscountCodesTab';
import { FanDetailHeader } from './FanDetailHeader';
import { FinancialTab } from './FinancialTab';
import { useFanDetailController } from './useFanDetailController';

const crumbs = (link: ReturnType<typeof useLinkTo>, name?: string): PageBreadcrumbItem[] => [
  { title: 'Dashboard', to: link('dashboard') },
  { title: 'Fans', to: link('fans') },
  ...(name ? [{ title: name }] : []),
];

function NoFanDetails() {
  const link = useLinkTo();
  return (
    <>
      <PageBreadcrumb items={crumbs(link)} />
      <EmptyState message="No fan details available." />
    </>
  );
}

function FanDetail({ id }: { id: string }) {
  const c = useFanDetailController(id);
  const narrow = Grid.useBreakpoint().sm === false;
  const link = useLinkTo();
  if (c.status === 'loading') return <LoadingOverlay />;
  if (!c.details) return <NoFanDetails />;
  const { details } = c;
  const user = details.userDetails;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb items={crumbs(link, user.displayName || `@${user.userName}`)} />
      <FanDetailHeader details={details} />
      <Card>
        <Tabs
          activeKey={c.tab}
          onChange={c.selectTab}
          // The four tabs fit a phone's width only closer together; when they do not, antd puts its
          // overflow button inside the tab list, where a screen reader expects nothing but tabs.
          tabBarGutter={narrow ? 16 : undefined}
          // A hidden tab keeps nothing worth keeping (its state is the controller's), and a mounted
          // one would leave a second table, search box and pager in the page.
          destroyOnHidden
          items={[
            { key: 'calls', label: 'Calls', children: <CallsTab calls={c.videoCalls} /> },
            {
              key: 'financial',
              label: 'Financial',
              children: (
                <FinancialTab
                  view={c.financialView}
                  onViewChange={c.selectFinancialView}
                  transactions={c.transactions}
                  refunds={c.refunds}
                />
              ),
            },
            { key: 'details', label: 'Details', children: <DetailsTab user={user} /> },
            {
              key: 'discountCodes',
              label: 'Discount Codes',
              children: (
                <DiscountCodesTab
                  discountCodes={c.discountCodes}
                  totalRedeemed={details.discountCodes.totalDiscountCodeRedeem}
                />
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function FanDetailRoute() {
  const { id = '' } = useParams();
  // Another fan is another screen: keyed, so neither the tab state nor the last fan's data carry over.
  return <FanDetail key={id} id={id} />;
}

/** /app/details/fan-details/{id}; paths are relative so it works under /app and under /. */
export default function FanDetailScreen() {
  return (
    <Routes>
      <Route path=":id" element={<FanDetailRoute />} />
      <Route path="*" element={<NoFanDetails />} />
    </Routes>
  );
}
