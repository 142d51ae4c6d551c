import { Alert, Button } from '@backoffice/ui-kit';
import { OVERRIDES_KEY, readOverrides } from './registry';

/** Says plainly when this browser loads a remote from a developer's machine instead of the registry. */
export function OverrideBanner() {
  const overrides = Object.entries(readOverrides());
  if (overrides.length === 0) return null;
  return (
    <Alert
      type="warning"
      banner
      message={`Remote override active: ${overrides.map(([n, url]) => `${n} from ${url}`).join(', ')}`}
      action={
        <Button
          size="small"
          onClick={() => {
            localStorage.removeItem(OVERRIDES_KEY);
            window.location.reload();
          }}
        >
          Clear overrides
        </Button>
      }
    />
  );
}
