import { useEffect, type ReactNode } from 'react';
import { markScreenDrawn } from '@backoffice/shared-api/runtime';
import { Card, Flex, PageBreadcrumb, Typography, useLinkTo } from '@backoffice/ui-kit';

/**
 * A screen reached from Setting that is not a paged list (Roles, Sessions): the breadcrumb from
 * Dashboard through Setting and a titled card, as ListScreen lays out the lists.
 */
export function SettingScreen({
  title,
  extra,
  loading,
  children,
}: {
  title: string;
  /** The card header's right side: the screen's main action. */
  extra?: ReactNode;
  /** While the first rows are on their way; once they (or the error) are drawn, live updates may connect. */
  loading: boolean;
  children: ReactNode;
}) {
  const link = useLinkTo();
  useEffect(() => {
    if (!loading) markScreenDrawn();
  }, [loading]);
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb
        items={[{ title: 'Dashboard', to: link('dashboard') }, { title: 'Setting', to: link('setting') }, { title }]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        }
        extra={extra}
      >
        {children}
      </Card>
    </Flex>
  );
}
