import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, theme } from 'antd';
import { ThemeProvider, useToasts, type ToastKind } from './ThemeProvider';

function Notify({ kind, message }: { kind: ToastKind; message: string }) {
  const toasts = useToasts();
  return <Button onClick={() => toasts.show(kind, message)}>Notify</Button>;
}

function PrimaryColour() {
  const { token } = theme.useToken();
  return <output>{`${token.colorPrimary} ${token.borderRadius}`}</output>;
}

describe('ThemeProvider', () => {
  it('gives its children the product theme', () => {
    render(
      <ThemeProvider>
        <PrimaryColour />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('#1677ff 6');
  });

  it('switches to the dark palette', () => {
    function Background() {
      const { token } = theme.useToken();
      return <output>{token.colorBgContainer}</output>;
    }
    const { rerender } = render(
      <ThemeProvider mode="light">
        <Background />
      </ThemeProvider>,
    );
    const light = screen.getByRole('status').textContent;
    rerender(
      <ThemeProvider mode="dark">
        <Background />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status').textContent).not.toBe(light);
  });
});

describe('useToasts', () => {
  afterEach(() => jest.useRealTimers());

  it.each<ToastKind>(['success', 'error', 'info', 'warning'])('shows a %s toast with the message', async (kind) => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Notify kind={kind} message={`Saved as ${kind}`} />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText(`Saved as ${kind}`)).toBeInTheDocument();
  });

  it('closes the toast after 3 seconds, top right', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ThemeProvider>
        <Notify kind="success" message="Password changed" />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const toast = await screen.findByText('Password changed');
    expect(toast.closest('.ant-notification-topRight')).not.toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(2500));
    expect(screen.getByText('Password changed')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });
});
