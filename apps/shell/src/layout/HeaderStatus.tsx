import { Badge, Button, MoonOutlined, SunOutlined, useThemeMode } from '@backoffice/ui-kit';
import { useAvailability } from '@backoffice/shared-api';

/**
 * The admin's availability as others see it: their stored choice while the live connection is up,
 * and not available while it is down.
 */
export function AvailabilityBadge() {
  const { available, chosen, connected } = useAvailability();
  return (
    <Badge
      status={available ? 'success' : 'default'}
      text={available ? 'Available' : 'Not available'}
      title={chosen === '1' && !connected ? 'The live connection to the server is down' : undefined}
    />
  );
}

/** Light or dark, remembered in this browser. */
export function ThemeToggle() {
  const [mode, setMode] = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Button
      type="text"
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setMode(next)}
    />
  );
}
