import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@backoffice/shared-api';
import { Button } from '@backoffice/ui-kit/antd';
import { AppProviders } from '../host/AppProviders';
import { useConfirmedAction } from './useConfirmedAction';

function Deactivate({ run }: { run: () => Promise<string | void> }) {
  const confirm = useConfirmedAction();
  return (
    <Button onClick={() => confirm({ title: 'Deactivate jane?', okText: 'Deactivate', danger: true, run })}>
      Deactivate jane
    </Button>
  );
}

const renderWith = (run: () => Promise<string | void>) =>
  render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <Deactivate run={run} />
    </AppProviders>,
  );

describe('useConfirmedAction', () => {
  it('asks once however often the admin clicks, runs once, and toasts the outcome', async () => {
    const user = userEvent.setup();
    const run = jest.fn(async () => 'jane deactivated');
    renderWith(run);
    const button = screen.getByRole('button', { name: 'Deactivate jane' });
    await user.dblClick(button);
    await user.click(button);
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('jane deactivated')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the server’s message when the action fails, and asks again on the next click', async () => {
    const user = userEvent.setup();
    const run = jest.fn(async () => {
      throw new Error('User is already inactive');
    });
    renderWith(run);
    await user.click(screen.getByRole('button', { name: 'Deactivate jane' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User is already inactive')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Deactivate jane' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Deactivate jane?');
  });

  it('Cancel does nothing', async () => {
    const user = userEvent.setup();
    const run = jest.fn(async () => 'done');
    renderWith(run);
    await user.click(screen.getByRole('button', { name: 'Deactivate jane' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();
  });
});
