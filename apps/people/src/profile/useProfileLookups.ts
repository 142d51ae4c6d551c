import { useEndpointQuery } from '@backoffice/shared-api';

/** Lists that rarely change, so they are read once per session. */
const ONCE = { staleTime: Infinity };

/** The categories and languages a profile's ids name, for the view's names and the form's choices. */
export function useProfileLookups() {
  return {
    categories: useEndpointQuery('getCategories', {}, ONCE),
    languages: useEndpointQuery('getLanguages', {}, ONCE),
  };
}
