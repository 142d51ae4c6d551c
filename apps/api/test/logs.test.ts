import { Writable } from 'node:stream';
import { BACKENDS, eventually, startTestApi, type TestApi } from './helpers/test-api';
import { TEST_ADMIN } from './helpers/constants';

describe('logs', () => {
  let api: TestApi;
  let logs = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logs += chunk.toString();
        cb();
      },
    });
    api = await startTestApi(BACKENDS[0]!, { logStream: stream, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => api?.close());

  it('are structured and never hold a password, a token or a reset token', async () => {
    const token = await api.signIn();
    await api.call('GET', '/admin/getAllFans', { token, query: { search: 'busy' } });
    await api.call('POST', '/admin/forgotPassword', { body: { email: TEST_ADMIN.adminEmail } });
    const mail = await eventually(async () => (await api.outbox())[0]);
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await api.call('GET', '/admin/verifyResetPasswordToken', { query: { token: resetToken } });
    await api.call('POST', '/admin/resetPassword', { body: { token: resetToken, password: 'Logged-Never-123' } });
    await api.call('POST', '/admin/signIn', { body: { email: TEST_ADMIN.adminEmail, password: 'a-wrong-password' } });

    const lines = logs.trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(logs).toContain('/api/v1/admin/getAllFans');
    expect(logs).toContain('token=[redacted]');
    for (const secret of [TEST_ADMIN.adminPassword, 'Logged-Never-123', 'a-wrong-password', token, resetToken]) {
      expect(logs).not.toContain(secret);
    }
  });
});
