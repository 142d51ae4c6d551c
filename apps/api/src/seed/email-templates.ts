/**
 * The email templates the demo starts with. The keys are the ones the API sends by (forgot-password
 * is used by the password-reset flow), so they are seeded at every scale.
 */

export interface TemplateSeed {
  key: string;
  name: string;
  subject: string;
  content: string;
}

function layout(body: string): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">',
    body,
    '<p style="color: #888; font-size: 12px">You received this email because you have an account with us.</p>',
    '</body></html>',
  ].join('\n');
}

export const EMAIL_TEMPLATES: readonly TemplateSeed[] = [
  {
    key: 'forgot-password',
    name: 'Forgot password',
    subject: 'Reset your password',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>We received a request to reset your password. Click the link below to choose a new one:</p>',
        '<p><a href="{{resetLink}}">Reset my password</a></p>',
        '<p>This link expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email.</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'influencer-request-approved',
    name: 'Influencer request approved',
    subject: 'Welcome aboard, {{displayName}}!',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>Good news: your request to become an influencer as <strong>{{displayName}}</strong> was approved.</p>',
        '<p>{{reason}}</p>',
        '<p>Set your call price and availability to start receiving calls.</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'influencer-request-rejected',
    name: 'Influencer request rejected',
    subject: 'About your influencer request, {{displayName}}',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>Thank you for applying as <strong>{{displayName}}</strong>. We could not approve your request this time.</p>',
        '<p>Reason: {{reason}}</p>',
        '<p>You are welcome to apply again once this is resolved.</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'welcome',
    name: 'Welcome',
    subject: 'Welcome, {{firstName}}!',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>Your account <strong>@{{userName}}</strong> is ready. Find an influencer you love and book your first call.</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'payout-approved',
    name: 'Payout approved',
    subject: 'Your payout of {{amount}} is on its way',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>Your payout request of <strong>{{amount}}</strong> was approved and paid with reference {{reference}}.</p>',
        '<p>It should reach your account within 3 to 5 business days.</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'payout-rejected',
    name: 'Payout rejected',
    subject: 'Your payout request of {{amount}} was not approved',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>We could not approve your payout request of <strong>{{amount}}</strong>.</p>',
        '<p>Reason: {{reason}}</p>',
      ].join('\n'),
    ),
  },
  {
    key: 'refund-processed',
    name: 'Refund processed',
    subject: 'Your refund for order {{orderId}}',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>We refunded <strong>{{amount}}</strong> for order {{orderId}} to your {{transferTo}}.</p>',
      ].join('\n'),
    ),
  },
  // Last, so that the templates before it keep the ids and dates the seed gave them.
  {
    key: 'admin-invite',
    name: 'Admin invitation',
    subject: 'You are invited to the Back Office',
    content: layout(
      [
        '<p>Hi {{firstName}},</p>',
        '<p>{{invitedBy}} invited you to the Back Office as <strong>{{roleName}}</strong>. Click the link below to choose your password:</p>',
        '<p><a href="{{inviteLink}}">Choose my password</a></p>',
        '<p>This link works once and expires in {{expiresInHours}} hours. If you did not expect this invitation, ignore this email.</p>',
      ].join('\n'),
    ),
  },
];

/** The placeholder names a template uses, in order of first appearance, so the column cannot drift
 *  from the text it describes. */
export function placeholdersOf(t: Pick<TemplateSeed, 'subject' | 'content'>): string[] {
  const seen = new Set<string>();
  for (const m of `${t.subject}\n${t.content}`.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    seen.add(m[1]!);
  }
  return [...seen];
}
