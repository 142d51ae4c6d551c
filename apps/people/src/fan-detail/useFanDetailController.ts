import { useEffect, useReducer, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAX_SEARCH_LENGTH,
  callEndpoint,
  endpointKey,
  type EndpointQuery,
  type FanDetailSection,
  type FanDetails,
} from '@backoffice/shared-api';
import { awaitingOtherRows } from '@backoffice/ui-kit';

/** Spec section 9: page size 10 for the fan detail tables. */
export const FAN_DETAIL_PAGE_SIZE = 10;

export const FAN_DETAIL_TABS = ['calls', 'financial', 'details', 'discountCodes'] as const;
export type FanDetailTab = (typeof FAN_DETAIL_TABS)[number];

export type FinancialView = 'transactions' | 'refunds';

/** One row of a section of the fan detail reply (its calls, transactions, refunds, discount codes). */
export type FanDetailRow<S extends FanDetailSection> = FanDetails[S]['data'][number];

/** One table of the screen, as its view needs it: what to show and how to ask for another page or search. */
export interface SectionBinding<Row> {
  rows: Row[] | undefined;
  page: number;
  total: number;
  search: string;
  loading: boolean;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
}

interface TableState {
  page: number;
  search: string;
}

interface State {
  tab: FanDetailTab;
  financialView: FinancialView;
  tables: Record<FanDetailSection, TableState>;
  /**
   * The section whose page and search the request carries. The details tab has no table, so it
   * keeps the last one: opening it costs no request.
   */
  requested: FanDetailSection;
  /** Counts tab and toggle changes that landed on a table: each one reloads that table's page 1. */
  landings: number;
}

type Action =
  | { type: 'tab'; tab: FanDetailTab }
  | { type: 'financialView'; view: FinancialView }
  | { type: 'page'; section: FanDetailSection; page: number }
  | { type: 'search'; section: FanDetailSection; search: string };

const FIRST_PAGE: TableState = { page: 1, search: '' };

const INITIAL: State = {
  tab: 'calls',
  financialView: 'transactions',
  tables: { videoCalls: FIRST_PAGE, transactions: FIRST_PAGE, refunds: FIRST_PAGE, discountCodes: FIRST_PAGE },
  requested: 'videoCalls',
  landings: 0,
};

function sectionOf(tab: FanDetailTab, view: FinancialView): FanDetailSection | undefined {
  if (tab === 'calls') return 'videoCalls';
  if (tab === 'financial') return view;
  if (tab === 'discountCodes') return 'discountCodes';
  return undefined;
}

/** Spec section 4: the table one lands on by a tab or toggle change starts again from page 1. */
function landOn(state: State, section: FanDetailSection | undefined): State {
  if (!section) return state;
  return {
    ...state,
    requested: section,
    tables: { ...state.tables, [section]: FIRST_PAGE },
    landings: state.landings + 1,
  };
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'tab':
      if (action.tab === state.tab) return state;
      return landOn({ ...state, tab: action.tab }, sectionOf(action.tab, state.financialView));
    case 'financialView':
      if (action.view === state.financialView) return state;
      return landOn({ ...state, financialView: action.view }, action.view);
    case 'page':
      return {
        ...state,
        requested: action.section,
        tables: { ...state.tables, [action.section]: { ...state.tables[action.section], page: action.page } },
      };
    case 'search':
      return {
        ...state,
        requested: action.section,
        tables: { ...state.tables, [action.section]: { page: 1, search: action.search } },
      };
  }
}

const isTab = (key: string): key is FanDetailTab => (FAN_DETAIL_TABS as readonly string[]).includes(key);

/** Spec section 2: '1' means active. */
export const fanStatusLabel = (status: string) => (status === '1' ? 'Active' : 'Inactive');

export type FanDetailStatus = 'loading' | 'empty' | 'ready';

/**
 * Spec sections 7 and 8: the fan detail call's data, or null when the reply is not a 200 (unknown
 * id, malformed id, no reply), which the screen shows as 'No fan details available.'; the failure is
 * logged to the console. Filed under the endpoint's key, so that the live updates of people refresh it.
 */
function useFanDetails(query: EndpointQuery<'getFanDetails'>) {
  return useQuery({
    queryKey: endpointKey('getFanDetails', query),
    queryFn: async ({ signal }): Promise<FanDetails | null> => {
      const reply = await callEndpoint('getFanDetails', { query, signal });
      if (reply.statusCode === 200 && reply.data) return reply.data;
      // A newer page or search replaced this request: nothing failed.
      if (!signal.aborted) console.error(`Fan details could not be loaded: ${reply.message}`);
      return null;
    },
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The fan detail screen's logic. State lives in the component (not the URL): the tab, the
 * financial toggle, and a page and search per table; one request carries the page and search of
 * the table on screen, and the server returns the other sections at page 1.
 */
export function useFanDetailController(id: string) {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const current = state.tables[state.requested];
  const query = useFanDetails({
    id,
    tab: state.requested,
    page: current.page,
    limit: FAN_DETAIL_PAGE_SIZE,
    search: current.search || undefined,
  });

  // Spec section 4 says a tab or toggle change reloads page 1, so a cached page 1 is asked for
  // again. A fetch already under way for the new request (an uncached or stale page) is that reload.
  // That reload is one the admin asked for, so the table shows it; a live update's re-read of the
  // rows shown does not (awaitingOtherRows).
  const { isFetching, refetch } = query;
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (state.landings === 0) return;
    setReloading(true);
    if (!isFetching) void refetch();
  }, [state.landings]);
  useEffect(() => {
    if (reloading && !isFetching) setReloading(false);
  }, [isFetching]);

  const details = query.data ?? undefined;
  // A failed reply is null (spec section 8), so anything but a first load without data is 'empty'.
  const status: FanDetailStatus = query.isPending ? 'loading' : details ? 'ready' : 'empty';

  function bind<S extends FanDetailSection>(section: S): SectionBinding<FanDetailRow<S>> {
    const table = state.tables[section];
    const data = details?.[section];
    return {
      rows: data?.data as FanDetailRow<S>[] | undefined,
      page: table.page,
      total: data?.pagination.total ?? 0,
      search: table.search,
      loading: state.requested === section && (awaitingOtherRows(query) || (reloading && isFetching)),
      setPage: (page) => dispatch({ type: 'page', section, page }),
      // The server refuses a longer search with a 400, which this screen could only show as
      // 'No fan details available.'; no id or code name is that long, so the cut loses no match.
      setSearch: (search) => dispatch({ type: 'search', section, search: search.slice(0, MAX_SEARCH_LENGTH) }),
    };
  }

  return {
    status,
    details,
    tab: state.tab,
    selectTab: (key: string) => {
      if (isTab(key)) dispatch({ type: 'tab', tab: key });
    },
    financialView: state.financialView,
    selectFinancialView: (view: FinancialView) => dispatch({ type: 'financialView', view }),
    videoCalls: bind('videoCalls'),
    transactions: bind('transactions'),
    refunds: bind('refunds'),
    discountCodes: bind('discountCodes'),
  };
}
