import { readToken, reconnectSocket, session, writeToken } from '@backoffice/shared-api/runtime';
import { callEndpoint } from './call-endpoint';
import type { Reply } from '../contract/common';
import type {
  ChangePasswordBody,
  ChangePasswordResult,
  ForgotPasswordBody,
  LoggedInAdmin,
  ResetPasswordBody,
  SignInBody,
} from '../contract/auth';

export const authApi = {
  async signIn(body: SignInBody): Promise<Reply<LoggedInAdmin>> {
    session.setAuthStatus('loading');
    const reply = await callEndpoint('signIn', { body });
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
   */
  async verifySession(): Promise<boolean> {
    if (!session.getState().auth.user && !readToken()) return false;
    // The 401 auto-logout is skipped here so that the toast shows the server's reason, once.
    const reply = await callEndpoint('getUserProfile', { skipAuthLogout: true });
    // callEndpoint turns a missing reply into statusCode 0, so that case lands here too.
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
