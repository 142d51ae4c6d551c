/** Shared by the Requests tests: rows and details as the server sends them, the routes, a fake socket. */
import { Route, type InitialEntry } from 'react-router-dom';
import { renderInApp } from '@backoffice/ui-kit/testing';
import { type DecisionStatus, type RequestDetail, type RequestRow } from '@backoffice/shared-api';
import { profileOf } from '../profile/testFixtures';
import RequestsScreen from './RequestsScreen';

export const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
export const REQUEST_ID = uuid(501);
export const BOB = { _id: uuid(900), firstName: 'Bob', lastName: 'Other' };

export const requestRow = (i: number, status: DecisionStatus = 'pending'): RequestRow => ({
  _id: uuid(i),
  userId: uuid(1000 + i),
  firstName: 'Ann',
  lastName: `Lee ${i}`,
  userName: `applicant.${i}`,
  displayName: `Applicant ${i}`,
  email: `applicant${i}@example.com`,
  createdAt: '2025-12-01T10:00:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  status,
});

export const requestDetail = (overrides: Partial<RequestDetail> = {}): RequestDetail => ({
  _id: REQUEST_ID,
  status: 'pending',
  reason: '',
  createdAt: '2026-02-01T09:30:00.000Z',
  updatedAt: '2026-02-01T09:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  applicant: profileOf(),
  ...overrides,
});

/** The Requests screen nested as the shell nests it (/app > requests/*); `url()` is where it is now. */
export function renderRequests(entry: InitialEntry = '/app/requests') {
  return renderInApp(
    entry,
    <>
      <Route path="requests/*" element={<RequestsScreen />} />
    </>,
  );
}

export { fakeSocket, listReply } from '@backoffice/shared-api/testing';

export { expectRetryRecovers } from '@backoffice/ui-kit/testing';
