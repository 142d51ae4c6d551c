import { Alert, Button } from '@backoffice/ui-kit';
import { OVERRIDE_MESSAGES, OVERRIDES_KEY, overrideOrigins, overridesFor, useRegistry } from './registry';

const describe = (overrides: Record<string, string>) =>
  Object.entries(overrides)
    .map(([name, url]) => `${name} from ${url}`)
    .join(', ');

function ClearOverrides() {
  return (
    <Button
      size="small"
      onClick={() => {
        localStorage.removeItem(OVERRIDES_KEY);
        window.location.reload();
      }}
    >
      Clear overrides
    </Button>
  );
}

/**
 * Says plainly when this browser loads a remote from a developer's machine instead of the registry,
 * and when an override saved here is ignored because this server does not allow it.
 */
export function OverrideBanner() {
  const registry = useRegistry();
  if (!registry) return null;
  const { active, ignored } = overridesFor(registry);
  const ignoredWhy = overrideOrigins(registry).length === 0 ? OVERRIDE_MESSAGES.off : 'Its origin is not allowed here.';
  return (
    <>
      {Object.keys(active).length > 0 && (
        <Alert
          type="warning"
          banner
          title={`Remote override active: ${describe(active)}`}
          action={<ClearOverrides />}
        />
      )}
      {Object.keys(ignored).length > 0 && (
        <Alert
          type="info"
          banner
          title={`Remote override ignored: ${describe(ignored)}. ${ignoredWhy}`}
          action={<ClearOverrides />}
        />
      )}
    </>
  );
}
