import { readToken, reconnectSocket, session, writeToken } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { Reply } from '../contract/common';
import type {
  ChangePasswordBody,
  ChangePasswordResult,
  ForgotPasswordBody,
  LoggedInAdmin,
  ResetPasswordBody,
  SecondFactorChallenge,
  SignInBody,
} from '../contract/auth';
import type { VerifySecondFactorBody } from '../contract/second-factor';

/** How long a session check waits before asking again when the first asking got no reply. */
export const SESSION_RECHECK_MS = 1000;

// A page being left (a reload, a link away) has its requests aborted, and that is no answer from
// the server: the spec's "reply missing" is about the server. Chromium fires pagehide as the old
// document goes; a page restored from the back-forward cache fires pageshow.
let pageHidden = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (pageHidden = true));
  window.addEventListener('pageshow', () => (pageHidden = false));
}

/**
 * Resolves `ms` from now if the page is still shown then (or once it is shown again): a page that
 * is being left never resolves it, as its timers end with it.
 */
function whilePageStays(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      if (!pageHidden) return resolve();
      window.addEventListener('pageshow', () => resolve(), { once: true });
    }, ms);
  });
}

export const authApi = {
  /**
   * Signs in with the password; an admin with a second factor gets a challenge instead (no
   * session yet: `'secondFactorRequired' in reply.data`), for verifySecondFactor with their code.
   */
  async signIn(body: SignInBody): Promise<Reply<LoggedInAdmin | SecondFactorChallenge>> {
    session.setAuthStatus('loading');
    const reply = await callEndpoint('signIn', { body });
    const data = reply.statusCode === 200 ? reply.data : undefined;
    if (data && !('secondFactorRequired' in data)) session.signedIn(data);
    else session.setAuthStatus(data ? 'idle' : 'failed');
    return reply;
  },

  /** Sign-in's second step: the challenge signIn answered with and a code (or a recovery code). */
  async verifySecondFactor(body: VerifySecondFactorBody): Promise<Reply<LoggedInAdmin>> {
    session.setAuthStatus('loading');
    const reply = await callEndpoint('verifySecondFactor', { body });
    if (reply.statusCode === 200 && reply.data) session.signedIn(reply.data);
    else session.setAuthStatus('failed');
    return reply;
  },

  getUserProfile(signal?: AbortSignal) {
    return callEndpoint('getUserProfile', { signal });
  },

  /**
   * Spec section 4: a restored session is checked with the server; any reply but 200 (no reply at
   * all included) logs out, with the server's message as the toast. Resolves false when signed out.
   * No reply is confirmed by asking once more a second later: a request aborted because the page
   * is being left got no reply either, and the page's next load must find the session still there.
   */
  async verifySession(): Promise<boolean> {
    if (!session.getState().auth.user && !readToken()) return false;
    // The 401 auto-logout is skipped here so that the toast shows the server's reason, once.
    const check = () => callEndpoint('getUserProfile', { skipAuthLogout: true });
    let reply = await check();
    if (reply.statusCode === 0) {
      await whilePageStays(SESSION_RECHECK_MS);
      reply = await check();
    }
    if (reply.statusCode !== 200 || !reply.data) {
      session.logout(reply.message || undefined);
      return false;
    }
    session.adoptProfile(reply.data);
    return true;
  },

  forgotPassword(body: ForgotPasswordBody) {
    return callEndpoint('forgotPassword', { body });
  },

  verifyResetPasswordToken(token: string) {
    return callEndpoint('verifyResetPasswordToken', { query: { token } });
  },

  resetPassword(body: ResetPasswordBody) {
    return callEndpoint('resetPassword', { body });
  },

  /**
   * The server revokes every session on a change, this one too, and hands back its replacement: a
   * normal session, so a forced change (the default password) is over with it.
   */
  async changePassword(body: ChangePasswordBody): Promise<Reply<ChangePasswordResult>> {
    const reply = await callEndpoint('changePassword', { body });
    if (reply.statusCode === 200 && reply.data?.token) {
      // Written directly too: requests carry _itoken even if the stored user is gone.
      writeToken(reply.data.token);
      session.updateUser({ token: reply.data.token, expiresAt: reply.data.expiresAt, passwordChangeRequired: false });
      reconnectSocket();
    }
    return reply;
  },

  /** Ends the session here whatever the server answers: the admin asked to leave. */
  async logout(): Promise<Reply<unknown>> {
    const reply = await callEndpoint('logout', { skipAuthLogout: true });
    session.logout();
    return reply;
  },
};
