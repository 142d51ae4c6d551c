import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormErrorAlert } from './FormErrorAlert';

describe('FormErrorAlert', () => {
  it('names what was not saved and says why', () => {
    render(<FormErrorAlert what="discount code" error="Network error" onClose={jest.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The discount code was not saved');
    expect(alert).toHaveTextContent('Network error');
  });

  it('shows nothing without an error', () => {
    const { container } = render(<FormErrorAlert what="template" error={undefined} onClose={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells the form when the admin closes it', async () => {
    const onClose = jest.fn();
    render(<FormErrorAlert what="profile" error="Network error" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
