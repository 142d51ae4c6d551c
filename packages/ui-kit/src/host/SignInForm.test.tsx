import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, resetClient, stubHttp } from '@backoffice/shared-api/testing';
import { SignInForm } from './SignInForm';

const admin = { ...ADMIN, token: 'a-token', passwordChangeRequired: false };

function renderForm() {
  const onSignedIn = jest.fn();
  render(<SignInForm title="Sign in to the Back Office" onSignedIn={onSignedIn} />);
  return {
    onSignedIn,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

let restore: () => void;
beforeEach(() => {
  restore = resetClient().restore;
});
afterEach(() => restore());

describe('the sign-in form', () => {
  it('asks for both fields before it sends anything, and says why on each', async () => {
    const requests = stubHttp(() => ok(admin));
    const user = userEvent.setup();
    const { submit, email } = renderForm();
    await user.click(submit);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    // The first field in error takes the focus, so a keyboard user is where the fix is.
    expect(email).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('refuses an address that is not one, and clears the message as it is corrected', async () => {
    stubHttp(() => ok(admin));
    const user = userEvent.setup();
    const { email, password, submit } = renderForm();
    await user.type(email, 'not-an-address');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.type(email, '@example.com');
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed address and the password as typed, then reports the admin signed in', async () => {
    const requests = stubHttp(() => ok(admin));
    const user = userEvent.setup();
    const { email, password, submit, onSignedIn } = renderForm();
    await user.type(email, `  ${ADMIN.email} `);
    await user.type(password, ' pass word ');
    await user.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => `${r.method?.toUpperCase()} ${r.url}`)).toEqual(['POST /admin/signIn']);
    expect(bodyOf(requests[0]!)).toEqual({ email: ADMIN.email, password: ' pass word ' });
    expect(session.getState().auth.user?.email).toBe(ADMIN.email);
  });

  it("shows the server's refusal above the form, and sends once however fast the clicks", async () => {
    let answer: (r: ReturnType<typeof failure>) => void = () => undefined;
    const requests = stubHttp(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { email, password, submit, onSignedIn } = renderForm();
    await user.type(email, ADMIN.email);
    await user.type(password, 'wrong');
    await user.click(submit);
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    answer(failure(401, 'Invalid email or password'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(requests).toHaveLength(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(submit).not.toHaveAttribute('aria-busy');
  });

  it("puts the server's field errors on their fields, with no alert when each found one", async () => {
    stubHttp(() => failure(400, 'Validation failed', { email: 'This email is not an admin' }));
    const user = userEvent.setup();
    const { email, password, submit } = renderForm();
    await user.type(email, ADMIN.email);
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByText('This email is not an admin')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This email is not an admin');
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    stubHttp(() => 'network-error');
    const user = userEvent.setup();
    const { email, password, submit } = renderForm();
    await user.type(email, ADMIN.email);
    await user.type(password, 'secret');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
