/**
 * The look of the back office. Apps take every antd component, icon and visual building block from
 * here, never from antd itself (see README: one antd, one theme, one style cache across remotes).
 */
export * from './antd';

export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSort,
  type DataTableSortOrder,
} from './DataTable';
export {
  Pager,
  entriesOf,
  pageWindow,
  type ListTotalIs,
  type PageWindowItem,
  type PagerProps,
  type NumberedPagerProps,
  type SimplePagerProps,
} from './Pager';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { FilterBar, FilterField, FilterSelect, type FilterSelectProps } from './Filters';
export { DateRangeFilter, type DateRangeFilterProps } from './Filters';
export { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter } from './dateRange';
export { endOfLocalDay, startOfLocalDay, validDay } from './dateRange';
export type { DateRangeSource, DateRangeState } from './dateRange';
export { ListScreen, type ListScreenProps, type ListScreenState } from './ListScreen';
export { PageBreadcrumb, type PageBreadcrumbItem } from './PageBreadcrumb';
export { LoadingOverlay, ErrorState, EmptyState, type ErrorStateProps } from './states';
export { DecisionStatusTag } from './DecisionStatusTag';
export {
  DetailLoadState,
  detailLoadOf,
  type DetailLoad,
  type DetailLoadStateProps,
  type DetailQuery,
} from './DetailLoadState';
export { ThemeProvider, useToasts, type ThemeMode, type ToastKind, type Toasts } from './ThemeProvider';
export { THEME_STORAGE_KEY, themeMode, useThemeMode } from './themeMode';
export * from './profile';
export {
  EPOCH_ISO,
  formatCallDuration,
  formatCallEnd,
  formatDate,
  formatDateTime,
  formatDollars,
  isOngoing,
  shortId,
  underscoresToSpaces,
} from './formatters';

// The providers, sign-in form and minimal host shared by the shell and the remotes' standalone hosts.
export * from './host';
