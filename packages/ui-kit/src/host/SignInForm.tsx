import { useId, useRef, useState, type FormEvent } from 'react';
import { UNKNOWN_ERROR_MESSAGE } from '@backoffice/shared-api/runtime';
import { authApi } from '@backoffice/shared-api/start';
import { AuthCard } from './AuthCard';
import { AUTH_FIELD_MESSAGES as SAY } from './authMessages';
import { SecondFactorStep } from './SecondFactorStep';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['email', 'password'];

/** The antd forms' rules (EmailField, the password rules), in the same words. */
function check(field: Field, input: HTMLInputElement): string | undefined {
  if (field === 'email') {
    if (!input.value.trim()) return SAY.emailRequired;
    // The browser's own rule for type="email", as antd's `type: 'email'` rule checks the same shape.
    if (input.validity.typeMismatch) return SAY.emailInvalid;
    return undefined;
  }
  return input.value ? undefined : SAY.passwordRequired;
}

function TextField({
  field,
  label,
  type,
  autoComplete,
  error,
  inputRef,
  onInput,
  autoFocus,
  defaultValue,
}: {
  field: Field;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  error?: string;
  inputRef: (el: HTMLInputElement | null) => void;
  onInput: (field: Field, input: HTMLInputElement) => void;
  autoFocus?: boolean;
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        ref={inputRef}
        id={`${id}-${field}`}
        name={field}
        type={type}
        className="bo-input"
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${field}-error` : undefined}
        onInput={(e) => onInput(field, e.currentTarget)}
      />
      {error && (
        <div id={`${id}-${field}-error`} className="bo-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Email and password sign-in with field validation and the server's message. The shell's sign-in
 * screen and every remote's standalone host use this one form. Written without antd, with the
 * messages and look of the antd forms after it, so that the sign-in page fetches no antd (issue 18:
 * the sign-in page's JavaScript). A field is checked as it is typed in, and all of them on submit;
 * the server's field errors go on their fields, its message above the form unless each found one.
 * An admin with a second factor is then asked for its code on the same page (SecondFactorStep).
 */
export function SignInForm({ title = 'Sign in', onSignedIn }: { title?: string; onSignedIn?: () => void }) {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Set at once: a second submit in the same frame must find the first one running.
  const sending = useRef(false);
  // The password was right and the admin has a second factor: the code comes next, with this.
  const [challenge, setChallenge] = useState<string>();
  // Kept for a return from the code step (an expired challenge): the address need not be typed again.
  const [email, setEmail] = useState('');

  const onInput = (field: Field, input: HTMLInputElement) =>
    setErrors((prev) => ({ ...prev, [field]: check(field, input) }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const found: FieldErrors = {};
    for (const field of FIELDS) {
      const input = inputs.current[field];
      if (input) found[field] = check(field, input);
    }
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setMessage(undefined);
    const typedEmail = inputs.current.email?.value.trim() ?? '';
    setEmail(typedEmail);
    const reply = await authApi.signIn({ email: typedEmail, password: inputs.current.password?.value ?? '' });
    sending.current = false;
    setBusy(false);
    if (reply.statusCode === 200 && reply.data && 'secondFactorRequired' in reply.data) {
      setChallenge(reply.data.challenge);
      return;
    }
    if (reply.statusCode === 200) {
      onSignedIn?.();
      return;
    }
    const serverErrors = Object.entries(reply.errors ?? {});
    const placed: FieldErrors = {};
    for (const [key, text] of serverErrors) if ((FIELDS as string[]).includes(key)) placed[key as Field] = text;
    setErrors(placed);
    const allPlaced = serverErrors.length > 0 && Object.keys(placed).length === serverErrors.length;
    setMessage(allPlaced ? undefined : reply.message || UNKNOWN_ERROR_MESSAGE);
  };

  if (challenge) {
    return (
      <SecondFactorStep
        title={title}
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={(why) => {
          setChallenge(undefined);
          setErrors({});
          setMessage(why);
        }}
      />
    );
  }

  return (
    <AuthCard title={title} error={message}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          field="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          defaultValue={email}
          error={errors.email}
          inputRef={(el) => {
            inputs.current.email = el;
          }}
          onInput={onInput}
        />
        <TextField
          field="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          inputRef={(el) => {
            inputs.current.password = el;
          }}
          onInput={onInput}
        />
        <button type="submit" className="bo-button" aria-busy={busy || undefined}>
          Sign in
        </button>
      </form>
    </AuthCard>
  );
}
