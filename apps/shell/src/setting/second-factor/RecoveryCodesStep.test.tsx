import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { resetClient } from '@backoffice/shared-api/testing';
import { RecoveryCodesStep } from './RecoveryCodesStep';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pqr${i + 2}`);

function renderStep() {
  const onDone = jest.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RecoveryCodesStep codes={CODES} doneLabel="Done" onDone={onDone} />
    </AppProviders>,
  );
  return onDone;
}

let client: ReturnType<typeof resetClient>;
beforeEach(() => {
  client = resetClient();
});
afterEach(() => client.restore());

describe('the recovery codes, shown once', () => {
  it('lets the admin go on only once they say the codes are saved', async () => {
    const user = userEvent.setup();
    const onDone = renderStep();
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(done);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('copies them, one a line', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')));
    await waitFor(() => expect(client.toasts).toEqual([['success', 'The recovery codes were copied']]));
  });

  it('downloads them as a text file', () => {
    renderStep();
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('download', 'back-office-recovery-codes.txt');
    const text = decodeURIComponent(link.getAttribute('href')!.replace('data:text/plain;charset=utf-8,', ''));
    expect(text.trim().split('\n').slice(-10)).toEqual(CODES);
  });
});
