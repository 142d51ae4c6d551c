import { useRouteError } from '@backoffice/ui-kit/router';
import { AuthCard } from './AuthCard';

/** What a failure says: a failed fetch of a screen's code is named as such, since a reload mends it. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/Loading (CSS )?chunk|ChunkLoadError|Failed to fetch dynamically imported module/i.test(message)) {
    return "This page's code could not be fetched: the network failed, or a new release replaced it.";
  }
  return message || 'Something went wrong.';
}

/**
 * The page's last resort, as the data router's error element around every route: a screen that
 * failed where nothing nearer caught it (a lazily fetched page whose chunk is gone after a release,
 * a layout that threw) says so in the product's words with a way on, instead of react-router's
 * developer page ("Unexpected Application Error!"). A remote's screen has its own boundary, with
 * Retry, inside the layout.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <AuthCard title="This page could not be shown" error={messageOf(error)}>
      <button type="button" className="bo-button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </AuthCard>
  );
}
