import { Link } from '@backoffice/ui-kit/router';
import { Result } from '@backoffice/ui-kit';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you asked for does not exist."
      extra={<Link to="/app">Back to the dashboard</Link>}
    />
  );
}
