import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState, ErrorState } from './states';
import { LoadingOverlay } from './LoadingOverlay';

describe('LoadingOverlay', () => {
  it('covers the screen with a spinner announced as loading', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByRole('status', { name: 'Loading' });
    expect(overlay).toHaveStyle({ position: 'fixed' });
  });

  it('shows an optional tip', () => {
    render(<LoadingOverlay tip="Restoring your session" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveTextContent('Restoring your session');
  });
});

describe('ErrorState', () => {
  it('says what failed and retries on request', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<ErrorState title="Payments unavailable" message="The payments area did not load." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Payments unavailable');
    expect(alert).toHaveTextContent('The payments area did not load.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('uses a default title and the retry label asked for', () => {
    render(<ErrorState message="Network error" onRetry={jest.fn()} retryLabel="Try again" />);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers no button when there is nothing to retry', () => {
    render(<ErrorState message="Not allowed" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers the way on it is given (a link back) beside or instead of Retry', () => {
    render(<ErrorState title="Page not found" action={<a href="/app">Back to the dashboard</a>} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app');
  });
});

describe('EmptyState', () => {
  it('shows the message', () => {
    render(<EmptyState message="No fan details available." />);
    expect(screen.getByText('No fan details available.')).toBeInTheDocument();
  });
});
