import { useId, useRef, useState, type FormEvent } from 'react';
import { UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { authApi } from '@backoffice/shared-api/start';
import { AuthCard } from './AuthCard';
import { AUTH_FIELD_MESSAGES as SAY } from './authMessages';

const HINTS = {
  app: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
} as const;

/**
 * Sign-in's second step, on the sign-in page after a right password of an admin with a second
 * factor: the code of their authenticator app, or one of their recovery codes. One request. Drawn
 * without antd, as the sign-in form is. A refusal is said on the field; when the challenge is spent
 * or expired, the admin goes back to the password with the server's word on it.
 */
export function SecondFactorStep({
  title,
  challenge,
  onSignedIn,
  onRestart,
}: {
  title: string;
  /** What sign-in answered with, sent back with the code. */
  challenge: string;
  onSignedIn?: () => void;
  /** Back to email and password, with why (absent when the admin chose to). */
  onRestart: (message?: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Set at once: a second submit in the same frame must find the first one running.
  const sending = useRef(false);

  const check = (value: string) => {
    const compact = value.replace(/\s/g, '');
    if (mode === 'recovery') return compact ? undefined : SAY.recoveryCodeRequired;
    return /^\d{6}$/.test(compact) ? undefined : SAY.codeRequired;
  };

  const switchMode = () => {
    setMode((m) => (m === 'app' ? 'recovery' : 'app'));
    setError(undefined);
    setMessage(undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const code = input.current?.value ?? '';
    const problem = check(code);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setMessage(undefined);
    const reply = await authApi.verifySecondFactor({ challenge, code: code.trim() });
    sending.current = false;
    setBusy(false);
    if (reply.statusCode === 200) {
      onSignedIn?.();
      return;
    }
    if (reply.errors?.challenge) {
      onRestart(reply.errors.challenge);
      return;
    }
    if (reply.errors?.code) {
      setError(reply.errors.code);
      // Back on the field with the refused code selected: the next one typed replaces it.
      input.current?.focus();
      input.current?.select();
      return;
    }
    setMessage(reply.message || UNKNOWN_ERROR_MESSAGE);
  };

  const field = `${id}-code`;
  const described = [`${id}-hint`, error ? `${field}-error` : ''].filter(Boolean).join(' ');
  return (
    <AuthCard title={title} error={message}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <p id={`${id}-hint`} className="bo-hint">
          {HINTS[mode]}
        </p>
        <div className="bo-field">
          <label htmlFor={field}>{mode === 'app' ? 'Authentication code' : 'Recovery code'}</label>
          <input
            // A new field for the other kind of code: what was typed for one means nothing to the other.
            key={mode}
            ref={input}
            id={field}
            name="code"
            type="text"
            className="bo-input"
            autoFocus
            {...(mode === 'app'
              ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 7 }
              : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false })}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onInput={(e) => error && setError(check(e.currentTarget.value))}
          />
          {error && (
            <div id={`${field}-error`} className="bo-field-error" role="alert">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="bo-button" aria-busy={busy || undefined}>
          Verify
        </button>
        <div className="bo-actions">
          <button type="button" className="bo-link bo-link-button" onClick={switchMode}>
            {mode === 'app' ? 'Use a recovery code' : 'Use the authenticator app'}
          </button>
          <button type="button" className="bo-link bo-link-button" onClick={() => onRestart()}>
            Back to sign in
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
