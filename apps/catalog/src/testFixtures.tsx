/** Shared by the catalog remote's tests: the screens nested as the shell nests them, and its rows. */
import { Route, type InitialEntry } from 'react-router-dom';
import { renderInApp } from '@backoffice/ui-kit/testing';
import {
  type CallDetail,
  type CallRow,
  type DiscountCodeRow,
  type EmailTemplate,
  type EmailTemplateRow,
  type NotificationRow,
  type RedemptionRecord,
  type UserRef,
} from '@backoffice/shared-api';
import DiscountCodesScreen from './discount-codes/DiscountCodesScreen';
import RedemptionHistoryScreen from './redemption-history/RedemptionHistoryScreen';
import EmailTemplatesScreen from './email-templates/EmailTemplatesScreen';
import CallsScreen from './calls/CallsScreen';
import NotificationsScreen from './notifications/NotificationsScreen';

export { bodyOf, failure, listReply, ok, stubApi, type Handler } from '@backoffice/shared-api/testing';
export { buttonIn, expectRetryRecovers, headers, rowOf } from '@backoffice/ui-kit/testing';

export const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export const user = (i: number, overrides: Partial<UserRef> = {}): UserRef => ({
  _id: uuid(500 + i),
  displayName: `User ${i}`,
  userName: `user.${i}`,
  email: `user${i}@example.com`,
  mainProfilePicture: '',
  isInfluencer: false,
  ...overrides,
});

export const discountCode = (i: number, overrides: Partial<DiscountCodeRow> = {}): DiscountCodeRow => ({
  _id: uuid(i),
  codeName: `SUMMER${i}`,
  type: 'promo_code',
  amount: 5,
  status: 'Active',
  totalRedeem: 3,
  redeemLimit: 100,
  influencer: null,
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-05T06:07:00.000Z',
  ...overrides,
});

export const redemption = (i: number, overrides: Partial<RedemptionRecord> = {}): RedemptionRecord => ({
  _id: uuid(100 + i),
  displayName: `Fan ${i}`,
  discountCode: `SUMMER${i}`,
  discountCodeType: 'promo_code',
  discountAmount: 5,
  status: 'Active',
  redeemedAt: '2026-01-02T03:04:00.000Z',
  ...overrides,
});

export const emailTemplateRow = (i: number, overrides: Partial<EmailTemplateRow> = {}): EmailTemplateRow => ({
  _id: uuid(200 + i),
  key: `template-${i}`,
  name: `Template ${i}`,
  subject: `Subject ${i}`,
  preview: `Hi {{firstName}}, this is template ${i}.`,
  updatedAt: '2026-01-05T06:07:00.000Z',
  ...overrides,
});

export const emailTemplate = (overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  _id: uuid(201),
  key: 'forgot-password',
  name: 'Forgot password',
  subject: 'Reset your password',
  content: '<p>Hi {{firstName}},</p><p><a href="{{resetLink}}">Reset my password</a></p>',
  placeholders: [
    { name: 'firstName', description: "The recipient's first name", required: false, sample: 'Jane' },
    {
      name: 'resetLink',
      description: 'The one-time password reset link',
      required: true,
      sample: 'https://example.com/reset-password?token=sample',
    },
  ],
  createdAt: '2025-01-02T03:04:00.000Z',
  updatedAt: '2026-01-05T06:07:00.000Z',
  ...overrides,
});

/** A completed call of 1 h 2 min 3 s. */
export const call = (i: number, overrides: Partial<CallRow> = {}): CallRow => ({
  _id: uuid(300 + i),
  host: user(i),
  receiver: user(100 + i, { isInfluencer: true, displayName: `Star ${i}` }),
  status: 'Completed',
  createdAt: '2026-01-02T03:00:00.000Z',
  startedAt: '2026-01-02T03:04:00.000Z',
  endedAt: '2026-01-02T04:06:03.000Z',
  transactionTotal: 62.5,
  earnAmount: 50,
  refundedAmount: 0,
  ...overrides,
});

export const callDetail = (i: number, overrides: Partial<CallDetail> = {}): CallDetail => ({
  ...call(i),
  updatedAt: '2026-01-02T04:06:03.000Z',
  transactions: [],
  refunds: [],
  ...overrides,
});

export const notification = (i: number, overrides: Partial<NotificationRow> = {}): NotificationRow => ({
  _id: uuid(400 + i),
  description: '{{senderName}} applied to become an influencer',
  type: 'influencer_request',
  isRead: false,
  createdAt: '2026-01-02T03:04:00.000Z',
  userDetails: user(i),
  ...overrides,
});

/** The remote's five areas nested as the shell nests them (/app > area/*); `url()` is where it is now. */
export function renderCatalog(entry: InitialEntry) {
  return renderInApp(
    entry,
    <>
      <Route path="manage-discount-codes/*" element={<DiscountCodesScreen />} />
      <Route path="manage-cupon-history/*" element={<RedemptionHistoryScreen />} />
      <Route path="email-templates/*" element={<EmailTemplatesScreen />} />
      <Route path="calls/*" element={<CallsScreen />} />
      <Route path="notifications/*" element={<NotificationsScreen />} />
    </>,
  );
}
