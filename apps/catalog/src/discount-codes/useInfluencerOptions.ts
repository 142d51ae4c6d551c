import { useMemo } from 'react';
import { useEndpointList, type UserRef } from '@backoffice/shared-api';
import { useDebouncedValue } from '@backoffice/ui-kit';
import { influencerLabel } from './discountCodeLabels';

export const INFLUENCER_SEARCH_DEBOUNCE_MS = 300;
export const INFLUENCER_OPTIONS_LIMIT = 20;

export interface InfluencerOption {
  value: string;
  label: string;
}

/**
 * The influencers an admin can give a code to, searched by name on the server (there may be
 * thousands). `selected` stays among the options whatever the search, so the field keeps showing
 * its name rather than its id.
 */
export function useInfluencerOptions(text: string, selected: InfluencerOption | undefined) {
  const search = useDebouncedValue(text.trim(), INFLUENCER_SEARCH_DEBOUNCE_MS);
  const list = useEndpointList('getInfluencerOptions', {
    limit: INFLUENCER_OPTIONS_LIMIT,
    search: search || undefined,
  });
  const rows = list.data?.data;
  const options = useMemo(() => {
    const found: InfluencerOption[] = (rows ?? []).map((r) => ({ value: r._id, label: influencerLabel(r) }));
    if (selected && !found.some((o) => o.value === selected.value)) found.unshift(selected);
    return found;
  }, [rows, selected]);
  return { options, loading: list.isFetching, error: list.error?.message };
}

export const optionOf = (u: UserRef | null | undefined): InfluencerOption | undefined =>
  u ? { value: u._id, label: influencerLabel(u) } : undefined;
