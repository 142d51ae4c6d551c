import { act, render, screen } from '@testing-library/react';
import { setToastHandler, toast } from '@backoffice/shared-api/runtime';
import { LazyToasts } from './LazyToasts';

describe("the page's toasts", () => {
  it('render nothing until the first toast, then show it and every one after, in the theme', async () => {
    const { container } = render(<LazyToasts />);
    expect(container).toBeEmptyDOMElement();
    act(() => toast.error('Session expired. Please sign in again.'));
    // The toasts' code (antd's message) is fetched on the first toast: slow on a busy machine.
    expect(
      await screen.findByText('Session expired. Please sign in again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    act(() => toast.success('Saved'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('leave a handler registered by someone else alone until a toast is raised', () => {
    const seen: string[] = [];
    const { unmount } = render(<LazyToasts />);
    // Unmounting releases only its own handler: a newer one stays.
    const release = setToastHandler((_kind, message) => seen.push(message));
    unmount();
    toast.info('Still delivered');
    expect(seen).toEqual(['Still delivered']);
    release();
  });
});
