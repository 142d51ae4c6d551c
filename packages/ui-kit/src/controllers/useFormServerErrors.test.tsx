import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input, type FormInstance } from 'antd';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { FormErrorAlert } from '../host/FormErrorAlert';
import { useFormServerErrors, type FormServerErrorsOptions } from './useFormServerErrors';

interface Values {
  email: string;
  name: string;
  links: Array<{ url: string }>;
}

const FIELDS = new Set(['email', 'name']);
/** Flat keys as they are; 'links.0.url' as the list item's field; anything else has no field. */
const fieldOf = (key: string) => {
  if (FIELDS.has(key)) return key;
  const [list, index, part] = key.split('.');
  return list === 'links' && part ? ['links', Number(index), part] : undefined;
};

const TAKEN = 'That email is taken';
const refusal = (statusCode: number, message: string, errors?: Record<string, string>) =>
  new ApiError({ statusCode, message, errors });

/** A form as a screen builds it: its fields, and the alert above them. */
function setUp(options: Partial<FormServerErrorsOptions> = {}) {
  const seen: {
    form?: FormInstance<Values>;
    show?: (error: unknown) => void;
    saveOnce?: (save: () => Promise<void>) => Promise<void>;
  } = {};
  function Screen() {
    const [form] = Form.useForm<Values>();
    const { formError, showServerErrors, clearFormError, saveOnce } = useFormServerErrors(form, {
      fieldOf,
      ...options,
    });
    seen.form = form;
    seen.show = showServerErrors;
    seen.saveOnce = saveOnce;
    return (
      <Form<Values> form={form} initialValues={{ email: 'a@b.co', name: 'Ann', links: [{ url: 'https://x.co' }] }}>
        <FormErrorAlert what="profile" error={formError} onClose={clearFormError} />
        <Form.Item name="email" label="Email">
          <Input />
        </Form.Item>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Form.Item name={['links', 0, 'url']} label="Link">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Screen />);
  const scrolledTo = jest.spyOn(seen.form!, 'scrollToField').mockImplementation(() => undefined);
  const show = (error: unknown) => act(() => seen.show!(error));
  const saveOnce = (save: () => Promise<void>) => act(() => seen.saveOnce!(save));
  /** Starts a save and hands back its promise without waiting for it. */
  const start = (save: () => Promise<void>) => {
    let running!: Promise<void>;
    act(() => {
      running = seen.saveOnce!(save);
    });
    return running;
  };
  return { show, scrolledTo, saveOnce, start };
}

const alertTitle = () => screen.queryByText('The profile was not saved');

describe('useFormServerErrors', () => {
  it('puts each field error on its field, keeps the typing, scrolls to the first and shows no alert', async () => {
    const { show, scrolledTo } = setUp();
    await userEvent.type(screen.getByLabelText('Name'), 'e');
    show(refusal(400, 'Check the form', { name: 'Too short', 'links.0.url': 'Not an address' }));
    expect(await screen.findByText('Too short')).toBeInTheDocument();
    expect(await screen.findByText('Not an address')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Anne');
    expect(screen.getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(scrolledTo).toHaveBeenCalledWith('name');
    expect(alertTitle()).not.toBeInTheDocument();
  });

  it("shows the server's message in the alert when an error has no field, and places the rest", async () => {
    const { show, scrolledTo } = setUp();
    show(refusal(400, 'Check the form', { email: 'Not an email', photoId: 'Not allowed for fans' }));
    expect(await screen.findByText('Not an email')).toBeInTheDocument();
    expect(alertTitle()).toBeInTheDocument();
    expect(screen.getByText('Check the form')).toBeInTheDocument();
    expect(screen.queryByText('Not allowed for fans')).not.toBeInTheDocument();
    expect(scrolledTo).toHaveBeenCalledWith('email');
  });

  it('puts a 409 that names no field on the conflict field, when the form has one', async () => {
    const { show, scrolledTo } = setUp({ conflictField: 'email' });
    show(refusal(409, TAKEN));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(scrolledTo).toHaveBeenCalledWith('email');
    expect(alertTitle()).not.toBeInTheDocument();
  });

  it('shows a 409 that names no field in the alert when the form names no conflict field', () => {
    const { show, scrolledTo } = setUp();
    show(refusal(409, TAKEN));
    expect(alertTitle()).toBeInTheDocument();
    expect(screen.getByText(TAKEN)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
    expect(scrolledTo).not.toHaveBeenCalled();
  });

  it('leaves a 409 that names a field to that field, not to the conflict field', async () => {
    const { show } = setUp({ conflictField: 'email' });
    show(refusal(409, 'Name taken', { name: 'Name taken' }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows a failure without field errors in the alert, in the error's words or as an unknown error", () => {
    const { show } = setUp({ conflictField: 'email' });
    show(new Error('Network error'));
    expect(screen.getByText('Network error')).toBeInTheDocument();
    show('thrown as a string');
    expect(screen.getByText(UNKNOWN_ERROR_MESSAGE)).toBeInTheDocument();
    show(refusal(500, 'Server error', {}));
    expect(screen.getByText('Server error')).toBeInTheDocument();
  });

  it('clears the alert when it is closed', async () => {
    const { show } = setUp();
    show(new Error('Network error'));
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(alertTitle()).not.toBeInTheDocument();
  });

  it('runs one save at a time, clears the last refusal when a save starts, and shows a new one', async () => {
    const { saveOnce, start } = setUp();
    await saveOnce(() => Promise.reject(refusal(400, 'The server said no')));
    expect(alertTitle()).toBeInTheDocument();

    let finish!: () => void;
    const saves = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const first = start(saves);
    expect(alertTitle()).not.toBeInTheDocument();
    // A second click before the first save answers starts nothing.
    await saveOnce(saves);
    expect(saves).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    // Once it has answered, the next save runs.
    const next = jest.fn(() => Promise.resolve());
    await saveOnce(next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
