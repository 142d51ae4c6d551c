/**
 * The client half of shared-api: every endpoint of the contract called by name, through generic
 * hooks (react-admin's data provider, refine's useTable/useForm: the screen names the endpoint, the
 * contract says the rest). The one-per-page services (session, HTTP client, socket) are the
 * singleton entry's, `@backoffice/shared-api/runtime`, and imported from there.
 */
export {
  callEndpoint,
  type EndpointBody,
  type EndpointData,
  type EndpointInput,
  type EndpointQuery,
  type EndpointRow,
  type ListEndpointName,
  type ListResult,
  type ReadEndpointName,
} from './call-endpoint';
export {
  createQueryClient,
  dataOf,
  endpointKey,
  endpointListOptions,
  endpointQueryOptions,
  prefetchFirstList,
  useEndpointList,
  useEndpointMutation,
  useEndpointQuery,
  type Saved,
} from './endpoint-hooks';
export { useLiveEvent, useLiveUpdates } from './live';
export { downloadCsv, EXPORT_INCOMPLETE_MESSAGE, type ExportProgress } from './download';
export { authApi } from './auth-api';
