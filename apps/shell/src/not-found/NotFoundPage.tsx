import { Link } from '@backoffice/ui-kit/router';
import { ErrorState, useLinkTo } from '@backoffice/ui-kit';

export function NotFoundPage() {
  const link = useLinkTo();
  return (
    <ErrorState
      title="Page not found"
      message="The page you asked for does not exist."
      action={<Link to={link('dashboard')}>Back to the dashboard</Link>}
    />
  );
}
