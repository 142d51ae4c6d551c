import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, resetClient, stubHttp } from '@backoffice/shared-api/testing';
import { SignInForm } from './SignInForm';

const CHALLENGE = {
  secondFactorRequired: true,
  challenge: 'a.signed.challenge',
  expiresAt: '2030-01-01T00:05:00.000Z',
};
const WRONG = 'That code is not right. Enter the code your authenticator app shows now, or an unused recovery code.';
const EXPIRED = 'This sign-in has expired. Sign in again with your email and password.';

/** The sign-in form, past a right password of an admin with a second factor. */
async function atTheCodeStep(answer: (path: string, body: Record<string, unknown>) => ReturnType<typeof ok>) {
  const requests = stubHttp((r) => (r.url === '/admin/signIn' ? ok(CHALLENGE) : answer(r.url, bodyOf(r))));
  const onSignedIn = jest.fn();
  const user = userEvent.setup();
  render(<SignInForm title="Sign in to the Back Office" onSignedIn={onSignedIn} />);
  await user.type(screen.getByLabelText('Email'), ADMIN.email);
  await user.type(screen.getByLabelText('Password'), 'right-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const code = await screen.findByLabelText('Authentication code');
  return { requests, onSignedIn, user, code };
}

let restore: () => void;
beforeEach(() => {
  restore = resetClient().restore;
});
afterEach(() => restore());

describe("sign-in's second step", () => {
  it('asks for the code on the same page after the password, and signs in with one more request', async () => {
    const { requests, onSignedIn, user, code } = await atTheCodeStep(() => ok(ADMIN));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // The password alone signed nobody in.
    expect(session.getState().auth.user).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => `${r.method.toUpperCase()} ${r.url}`)).toEqual([
      'POST /admin/signIn',
      'POST /admin/verifySecondFactor',
    ]);
    expect(bodyOf(requests[1]!)).toEqual({ challenge: CHALLENGE.challenge, code: '123 456' });
    expect(session.getState().auth.user?.token).toBe(ADMIN.token);
  });

  it('asks for six digits before it sends anything', async () => {
    const { requests, user, code } = await atTheCodeStep(() => ok(ADMIN));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app. Enter the 6-digit code from your authenticator app',
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '6');
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(1);
  });

  it("puts the server's refusal of a code on the field, and lets the admin try again", async () => {
    let tries = 0;
    const { onSignedIn, user, code } = await atTheCodeStep(() =>
      ++tries === 1 ? failure(400, WRONG, { code: WRONG }) : ok(ADMIN),
    );
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(onSignedIn).not.toHaveBeenCalled();
    // The refused code is selected: what is typed next replaces it.
    expect(code).toHaveFocus();
    await user.type(code, '654321', { skipClick: true });
    expect(code).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('takes a recovery code instead, on a field of its own', async () => {
    const { requests, onSignedIn, user } = await atTheCodeStep(() => ok(ADMIN));
    await user.type(screen.getByLabelText('Authentication code'), '12');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveValue('');
    expect(recovery).toHaveFocus();
    expect(screen.getByText(/recovery codes you saved/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter one of your recovery codes')).toBeInTheDocument();
    await user.type(recovery, 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(bodyOf(requests[1]!)).toEqual({ challenge: CHALLENGE.challenge, code: 'abcd-efgh-jkmn-pqrs' });
    await user.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('goes back to the password, the address kept, when the challenge expired', async () => {
    const { user, code } = await atTheCodeStep(() => failure(400, EXPIRED, { challenge: EXPIRED }));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByLabelText('Email')).toHaveValue(ADMIN.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("says the server's word above the form when there is no field to put it on (too many tries)", async () => {
    const { user, code } = await atTheCodeStep(() => failure(429, 'Too many wrong codes. Try again later.'));
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Try again later.');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('goes back to the password when asked', async () => {
    const { user } = await atTheCodeStep(() => ok(ADMIN));
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
