import { useState } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import {
  AUTH_MESSAGES,
  useEndpointMutation,
  useEndpointQuery,
  type AdminProfile,
  type SecondFactorEnrollment,
} from '@backoffice/shared-api';
import { session, toast, useSecondFactorEnrollmentRequired } from '@backoffice/shared-api/runtime';
import { Alert, Button, ErrorState, Flex, Spin, Typography } from '@backoffice/ui-kit';
import { CodeForm } from './CodeForm';
import { RecoveryCodesStep } from './RecoveryCodesStep';

type Step = { at: 'overview' } | { at: 'scan'; enrollment: SecondFactorEnrollment } | { at: 'codes'; codes: string[] };

/** The secret as an app asks for it typed: in groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

function Scan({
  enrollment,
  onConfirmed,
  onCancel,
}: {
  enrollment: SecondFactorEnrollment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useEndpointMutation('confirmSecondFactorEnrollment');
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        1. Scan this QR code with an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password, Authy or another).
      </Typography.Paragraph>
      <img
        src={enrollment.qrCode}
        alt="QR code that adds your Back Office account to an authenticator app"
        width={200}
        height={200}
        style={{ background: '#fff', borderRadius: 8 }}
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        Cannot scan it? Add the account by hand with this key (time-based):{' '}
        <Typography.Text code copyable={{ text: enrollment.secret }} aria-label="Key for manual entry">
          {grouped(enrollment.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph style={{ margin: 0 }}>2. Enter the 6-digit code the app now shows.</Typography.Paragraph>
      <CodeForm
        name="second-factor-confirm"
        what="second factor"
        submitLabel="Turn on"
        send={async (code) => {
          const { data } = await confirm.mutateAsync({ body: { code } });
          onConfirmed(data.recoveryCodes);
        }}
        extra={<Button onClick={onCancel}>Cancel</Button>}
      />
    </Flex>
  );
}

function Off({
  profile,
  mustEnrol,
  onStarted,
}: {
  profile: AdminProfile;
  mustEnrol: boolean;
  onStarted: (e: SecondFactorEnrollment) => void;
}) {
  const start = useEndpointMutation('startSecondFactorEnrollment');
  const begin = () =>
    start.mutateAsync({}).then(
      ({ data }) => onStarted(data),
      (err: Error) => toast.error(err.message),
    );
  return (
    <Flex vertical gap={16}>
      {mustEnrol ? (
        <Alert type="warning" showIcon title={AUTH_MESSAGES.secondFactorEnrollmentRequired} />
      ) : (
        profile.secondFactorRequired && (
          <Alert type="info" showIcon title={`Your role (${profile.role.name}) calls for two-factor sign-in.`} />
        )
      )}
      <Typography.Paragraph style={{ margin: 0 }}>
        With two-factor sign-in, signing in asks for a 6-digit code from an authenticator app on your phone after your
        password: a password that leaks is not enough to open your account.
      </Typography.Paragraph>
      <div>
        <Button type="primary" loading={start.isPending} onClick={() => void begin()}>
          Set up two-factor sign-in
        </Button>
      </div>
    </Flex>
  );
}

function On({
  mustEnrol,
  onContinue,
  onNewCodes,
}: {
  mustEnrol: boolean;
  onContinue: () => void;
  onNewCodes: (codes: string[]) => void;
}) {
  const regenerate = useEndpointMutation('regenerateRecoveryCodes');
  return (
    <Flex vertical gap={16}>
      <Alert type="success" showIcon title="Two-factor sign-in is on." />
      {mustEnrol && (
        <div>
          <Button type="primary" onClick={onContinue}>
            Continue to the back office
          </Button>
        </div>
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        Recovery codes
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        Used up your recovery codes, or think someone has seen them? Make ten new ones with a code from your app; the
        old ones stop working.
      </Typography.Paragraph>
      <CodeForm
        name="recovery-codes"
        what="recovery code change"
        submitLabel="Make new recovery codes"
        send={async (code) => {
          const { data } = await regenerate.mutateAsync({ body: { code } });
          onNewCodes(data.recoveryCodes);
        }}
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Lost the phone with your authenticator app? Sign in with a recovery code and ask an Owner to reset your second
        factor; you then set it up again.
      </Typography.Paragraph>
    </Flex>
  );
}

/**
 * Two-factor sign-in of the signed-in admin: setting it up (QR code, key for manual entry, a code
 * to confirm, then the ten recovery codes, shown once) and, once on, new recovery codes. A session
 * that must enrol first (its role needs a factor) goes on to the back office when it is done.
 */
export function TwoFactorSetup() {
  const profile = useEndpointQuery('getUserProfile', {});
  const mustEnrol = useSecondFactorEnrollmentRequired();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ at: 'overview' });

  // The server let this session do everything at the confirmation; the page waits for the codes
  // to be saved before it lets the admin go (and the gate with it, which would leave this page).
  const goOn = () => {
    if (!mustEnrol) return setStep({ at: 'overview' });
    session.updateUser({ secondFactorEnrollmentRequired: false });
    navigate('/app', { replace: true });
  };

  if (step.at === 'scan') {
    return (
      <Scan
        enrollment={step.enrollment}
        onConfirmed={(codes) => setStep({ at: 'codes', codes })}
        onCancel={() => setStep({ at: 'overview' })}
      />
    );
  }
  if (step.at === 'codes') {
    return (
      <RecoveryCodesStep
        codes={step.codes}
        doneLabel={mustEnrol ? 'Continue to the back office' : 'Done'}
        onDone={goOn}
      />
    );
  }
  if (profile.error) {
    return (
      <ErrorState
        title="Your two-factor sign-in could not be loaded"
        message={profile.error.message}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!profile.data) return <Spin />;
  return profile.data.secondFactorEnabled ? (
    <On mustEnrol={mustEnrol} onContinue={goOn} onNewCodes={(codes) => setStep({ at: 'codes', codes })} />
  ) : (
    <Off profile={profile.data} mustEnrol={mustEnrol} onStarted={(enrollment) => setStep({ at: 'scan', enrollment })} />
  );
}
