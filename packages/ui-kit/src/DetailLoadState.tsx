import { Link } from '@backoffice/ui-kit/router';
import { Flex, Spin } from '@backoffice/ui-kit/antd';
import { Card } from './Card';
import { isUuid } from '@backoffice/shared-api';
import { ApiError } from '@backoffice/shared-api/runtime';
import { EmptyState, ErrorState } from './states';

/** Where a detail screen (a view or an edit page) stands with the record its route names. */
export type DetailLoad<T> =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'error'; message: string; retry: () => void }
  | { state: 'ready'; data: T; id: string };

/** What a detail query hook returns (react-query's result, narrowed). */
export interface DetailQuery<T> {
  data?: T;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The record named by a route's `:id`. The caller asks for it only when `isUuid(id)`; a malformed
 * id, the server's 400 (bad id) and 404 (no such record) are "not found"; anything else (network,
 * 5xx) can be retried.
 */
export function detailLoadOf<T>(id: string | undefined, query: DetailQuery<T>): DetailLoad<T> {
  if (!isUuid(id)) return { state: 'notFound' };
  if (query.data) return { state: 'ready', data: query.data, id };
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.statusCode : 0;
    if (status === 400 || status === 404) return { state: 'notFound' };
    return { state: 'error', message: query.error.message, retry: () => void query.refetch() };
  }
  return { state: 'loading' };
}

export interface DetailLoadStateProps {
  load: Exclude<DetailLoad<unknown>, { state: 'ready' }>;
  /** "Call not found." */
  notFound: string;
  /** "The call could not be loaded" */
  errorTitle: string;
  /** The way back from a record that is not there: the list. */
  back: { to: string; label: string };
}

function Loading() {
  return (
    <Flex justify="center" role="status" aria-label="Loading" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  );
}

/** A detail screen's loader alone: while the screen's own code is fetched (lazyScreen). */
export function DetailLoading() {
  return (
    <Card>
      <Loading />
    </Card>
  );
}

/** What a detail screen shows until its record is there: a spinner, not found, or the error with Retry. */
export function DetailLoadState({ load, notFound, errorTitle, back }: DetailLoadStateProps) {
  return (
    <Card>
      {load.state === 'loading' && <Loading />}
      {load.state === 'notFound' && (
        <Flex vertical align="center" gap="small">
          <EmptyState message={notFound} />
          <Link to={back.to}>{back.label}</Link>
        </Flex>
      )}
      {load.state === 'error' && <ErrorState title={errorTitle} message={load.message} onRetry={load.retry} />}
    </Card>
  );
}
