import { Card, Col, Flex, Row, Typography, UserOutlined, formatDollars } from '@backoffice/ui-kit';
import { Avatar } from '@backoffice/ui-kit/forms';
import type { FanDetails } from '@backoffice/shared-api';
import { fanStatusLabel } from './useFanDetailController';

/** The fan's avatar, names and the four info cards of spec section 2. */
export function FanDetailHeader({ details }: { details: FanDetails }) {
  const user = details.userDetails;
  const cards = [
    { label: 'Status', value: fanStatusLabel(user.status) },
    { label: 'Total Calls', value: String(details.totalUserCalls) },
    { label: 'Total Transactions', value: formatDollars(details.transactions.totalAmount) },
    { label: 'Total Refunds', value: formatDollars(details.refunds.totalRefundAmount) },
  ];
  return (
    <Flex vertical gap="middle">
      <Flex align="center" gap="middle">
        <Avatar
          size={72}
          // Also the fallback when the stored picture cannot be decoded.
          icon={<UserOutlined aria-label="No profile picture" />}
          src={user.mainProfilePicture || undefined}
          alt={`${user.displayName}'s profile picture`}
        />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {user.displayName}
          </Typography.Title>
          <Typography.Text type="secondary">{`@${user.userName}`}</Typography.Text>
        </div>
      </Flex>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.label} xs={24} sm={12} lg={6}>
            <Card size="small" role="group" aria-label={card.label}>
              <Typography.Text type="secondary">{card.label}</Typography.Text>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {card.value}
              </Typography.Title>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
