import { Alert } from '@backoffice/ui-kit/antd';

export interface FormErrorAlertProps {
  /** What was being saved, for the title: "profile" gives "The profile was not saved". */
  what: string;
  /** The server's message (useFormServerErrors' `formError`); nothing is shown without one. */
  error: string | undefined;
  onClose: () => void;
}

/** Above a form: why its save was refused, when no field of the form could say it. */
export function FormErrorAlert({ what, error, onClose }: FormErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      title={`The ${what} was not saved`}
      description={error}
      style={{ marginBottom: 16 }}
    />
  );
}
