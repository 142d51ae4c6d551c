import { Card, Flex, Typography, useThemeMode, type ThemeMode } from '@backoffice/ui-kit';
import { Segmented } from '@backoffice/ui-kit/forms';

const OPTIONS: Array<{ value: ThemeMode; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark, remembered in this browser; the header's toggle changes the same choice. */
export function AppearanceCard() {
  const [mode, setMode] = useThemeMode();
  return (
    <Card title="Appearance">
      <Flex vertical gap={12}>
        <Segmented<ThemeMode> aria-label="Theme" options={OPTIONS} value={mode} onChange={setMode} />
        <Typography.Text type="secondary">Remembered in this browser.</Typography.Text>
      </Flex>
    </Card>
  );
}
