/**
 * The look of the back office. Apps take every antd component, icon and visual building block from
 * here, never from antd itself (see README: one antd, one theme, one style cache across remotes).
 * The antd surface and the theme are the singleton entry `./antd`, re-exported here by package name so that a remote's own copy of the rest still renders with the page's instances.
 */
// Named, not `export *`: a star re-export of a federation-shared module is not resolved at runtime.
export {
  Alert,
  ArrowLeftOutlined,
  Badge,
  BellOutlined,
  Button,
  CaretDownOutlined,
  CaretUpOutlined,
  CheckOutlined,
  CloseCircleFilled,
  CloseOutlined,
  Col,
  ConfigProvider,
  DashboardOutlined,
  DeleteOutlined,
  DollarOutlined,
  DownOutlined,
  Dropdown,
  EditOutlined,
  EyeOutlined,
  Flex,
  Grid,
  Input,
  Layout,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  Menu,
  MenuOutlined,
  MoonOutlined,
  PhoneOutlined,
  PlusOutlined,
  ReloadOutlined,
  Row,
  SearchOutlined,
  SettingOutlined,
  Space,
  Spin,
  StarOutlined,
  StopOutlined,
  SunOutlined,
  Switch,
  Tag,
  TagsOutlined,
  TeamOutlined,
  theme,
  Typography,
  UploadOutlined,
  UserAddOutlined,
  UserOutlined,
  WarningFilled,
} from '@backoffice/ui-kit/antd';
// Types are erased before federation sees them: the whole list, as the singleton entry declares it.
export type * from '@backoffice/ui-kit/antd';

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
export { OneLine } from './OneLine';
export { visuallyHidden } from './visuallyHidden';
export { useDebouncedCallback, useDebouncedValue } from './debounce';
export { FilterBar, FilterField } from './Filters';
export { DateRangeFilter, type DateRangeFilterProps } from './Filters';
export { DATE_RANGE_KEYS, dateRangeBounds, useDateRangeFilter } from './dateRange';
export { endOfLocalDay, startOfLocalDay, validDay } from './dateRange';
export type { DateRangeSource, DateRangeState } from './dateRange';
export { ListScreen, type ListScreenProps, type ListScreenState } from './ListScreen';
export { PageBreadcrumb, type PageBreadcrumbItem } from './PageBreadcrumb';
export { ErrorState, EmptyState, type ErrorStateProps } from './states';
export { DecisionStatusTag } from './DecisionStatusTag';
export { Card, type CardProps } from './Card';
export { lazyScreen } from './lazyDetail';
export { lazyPage } from './lazyScreen';
export {
  DetailLoading,
  DetailLoadState,
  detailLoadOf,
  type DetailLoad,
  type DetailLoadStateProps,
  type DetailQuery,
} from './DetailLoadState';
export {
  THEME_STORAGE_KEY,
  themeMode,
  ThemeProvider,
  useDialogs,
  useThemeMode,
  useToasts,
} from '@backoffice/ui-kit/antd';
export type { ThemeMode, ToastKind, Toasts } from '@backoffice/ui-kit/antd';
export { isPictureData } from './profile/picture';
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

// The page's root, the sign-in form and signing out are the `./auth` entry's (the hosts import
// them from there); the screens take the overlay and the logout path from here.
export { LoadingOverlay } from './LoadingOverlay';
export { LOGOUT_PATH } from './host/paths';
// The providers of the screens after sign-in; the forms drawn with antd's Form are the `./forms` entry's.
export { AppProviders, pageQueryClient } from './host/AppProviders';

// The screens' controllers: the logic of lists, guards and confirmations (react-admin style: views stay thin).
export * from './controllers';
