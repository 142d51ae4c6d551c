import { Link } from '@backoffice/ui-kit/router';
import { ErrorState } from '@backoffice/ui-kit';

export function NotFoundPage() {
  return (
    <ErrorState
      title="Page not found"
      message="The page you asked for does not exist."
      action={<Link to="/app">Back to the dashboard</Link>}
    />
  );
}
