import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal } from 'antd';
import { ThemeProvider } from './ThemeProvider';

describe('Tab inside an open dialog', () => {
  it('wraps from the last control to the first and back, never to the page behind', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Button>Behind</Button>
        <Modal open title="Approve?" okText="Approve" cancelText="Cancel">
          A question.
        </Modal>
      </ThemeProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    const approve = screen.getByRole('button', { name: 'Approve' });
    approve.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(approve).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});
