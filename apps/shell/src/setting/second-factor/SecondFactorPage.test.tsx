import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECOND_FACTOR_MESSAGES as SAY } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, bodyOf, failure, ok, stubApi, type StubRequest } from '@backoffice/shared-api/testing';
import { PROFILE, renderInShell } from '../testFixtures';
import { CODE_REQUIRED } from './CodeForm';
import { SecondFactorPage } from './SecondFactorPage';

const ENROLLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Back%20Office:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}-efgh-jkmn-pqr${i + 2}`);

let enabled: boolean;
let requests: StubRequest[];
let confirm: (r: StubRequest) => ReturnType<typeof ok>;
let regenerate: (r: StubRequest) => ReturnType<typeof ok>;

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
  enabled = false;
  confirm = () => {
    enabled = true;
    return ok({ recoveryCodes: codes('abcd') });
  };
  regenerate = () => ok({ recoveryCodes: codes('wxyz') });
  requests = stubApi((r) => {
    if (r.url === '/admin/getUserProfile') return ok({ ...PROFILE, secondFactorEnabled: enabled });
    if (r.url === '/admin/secondFactor/start') return ok(ENROLLMENT);
    if (r.url === '/admin/secondFactor/confirm') return confirm(r);
    if (r.url === '/admin/secondFactor/recoveryCodes') return regenerate(r);
    return undefined;
  });
});

const typeCode = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  const field = screen.getByLabelText('Code from the app');
  await user.clear(field);
  await user.type(field, code);
};

describe('Setting → Two-factor sign-in', () => {
  it('sets the factor up: QR code and key, a code from the app, then the recovery codes once', async () => {
    const user = userEvent.setup();
    renderInShell(<SecondFactorPage />);
    expect(await screen.findByText(/asks for a 6-digit code from an authenticator app/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', ENROLLMENT.qrCode);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(CODE_REQUIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/secondFactor/confirm')).toHaveLength(0);

    confirm = () => failure(400, SAY.wrongTotp, { code: SAY.wrongTotp });
    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(SAY.wrongTotp)).toBeInTheDocument();

    confirm = () => {
      enabled = true;
      return ok({ recoveryCodes: codes('abcd') });
    };
    await typeCode(user, '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes('abcd'));
    expect(bodyOf(requests.filter((r) => r.url === '/admin/secondFactor/confirm').at(-1)!)).toEqual({
      code: '123 456',
    });

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(done);
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('goes back from the QR code without turning anything on', async () => {
    const user = userEvent.setup();
    renderInShell(<SecondFactorPage />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/secondFactor/confirm')).toHaveLength(0);
  });

  it('says when a role calls for it', async () => {
    requests = stubApi((r) =>
      r.url === '/admin/getUserProfile' ? ok({ ...PROFILE, secondFactorRequired: true }) : undefined,
    );
    renderInShell(<SecondFactorPage />);
    expect(await screen.findByText('Your role (Owner) calls for two-factor sign-in.')).toBeInTheDocument();
  });

  it('once on, makes new recovery codes with a current code', async () => {
    enabled = true;
    const user = userEvent.setup();
    renderInShell(<SecondFactorPage />);
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to the back office' })).not.toBeInTheDocument();
    regenerate = () => failure(400, SAY.codeUsed, { code: SAY.codeUsed });
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByText(SAY.codeUsed)).toBeInTheDocument();
    regenerate = () => ok({ recoveryCodes: codes('wxyz') });
    await typeCode(user, '654322');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('wxyz-efgh-jkmn-pqr2');
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByText('Two-factor sign-in is on.')).toBeInTheDocument());
  });

  it('says so, with a retry, when the profile cannot be read', async () => {
    stubApi((r) => (r.url === '/admin/getUserProfile' ? failure(503, 'The database is not answering') : undefined));
    renderInShell(<SecondFactorPage />);
    expect(await screen.findByText('Your two-factor sign-in could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
