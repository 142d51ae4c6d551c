import { Badge, Button, MoonOutlined, SunOutlined, useThemeMode } from '@backoffice/ui-kit';
import { useAvailability } from './useAvailability';

/**
 * The admin's availability as others see it: their stored choice while the live connection is up,
 * and not available while it is down.
 */
export function AvailabilityBadge({ compact = false }: { compact?: boolean }) {
  const { available, chosen, connected } = useAvailability();
  const text = available ? 'Available' : 'Not available';
  const down = chosen === '1' && !connected ? 'The live connection to the server is down' : undefined;
  // A narrow header keeps the dot and says the word to screen readers and on hover.
  if (compact) {
    return (
      <span role="img" aria-label={text} title={down ?? text}>
        <Badge status={available ? 'success' : 'default'} />
      </span>
    );
  }
  // As wide as its longer words whichever shows, so the header does not move when the socket connects.
  return (
    <Badge
      status={available ? 'success' : 'default'}
      text={text}
      title={down}
      style={{ display: 'inline-block', minWidth: '7.5em' }}
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
