import { Alert, Card, Flex, Switch, Typography } from '@backoffice/ui-kit';
import { useAvailabilitySwitch } from './useAvailabilitySwitch';

/** Whether the admin is available (spec section 3: availabilityStatus '1' or '0'), kept on the server. */
export function AvailabilityCard() {
  const a = useAvailabilitySwitch();
  return (
    <Card title="Availability">
      <Flex vertical gap={12}>
        <Flex gap={12} align="center">
          <Switch id="availability" checked={a.checked} loading={a.changing} onChange={(on) => void a.change(on)} />
          <label htmlFor="availability">Available</label>
        </Flex>
        <Typography.Text type="secondary">
          Kept on the server; the header of every tab you have open shows it.
        </Typography.Text>
        {a.checked && !a.connected && (
          <Alert
            type="warning"
            showIcon
            title="You show as not available while the live connection to the server is down."
          />
        )}
      </Flex>
    </Card>
  );
}
