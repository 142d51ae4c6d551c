import { useBackToList, useLinkTo, useRecordController } from '@backoffice/ui-kit';

/** The call view's logic: the call named by the route, or why it is not shown, and the ways out. */
export function useCallViewController() {
  return {
    load: useRecordController('getCallDetail'),
    backTo: useBackToList('calls'),
    link: useLinkTo(),
  };
}
