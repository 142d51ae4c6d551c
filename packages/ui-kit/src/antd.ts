/**
 * The antd surface of the back office and its theme: ui-kit's singleton entry. Module Federation
 * shares `@backoffice/ui-kit/antd` under its own key as a strict singleton with its own version
 * (package.json `federation.singletons`), so every remote renders with the page's one antd, its
 * theme context and style cache, and the one remembered light/dark choice, even a remote that runs
 * its own copy of the rest of ui-kit.
 * ui-kit's components import antd through this entry by package name, never from antd.
 *
 * Apps import these from '@backoffice/ui-kit', never from antd. Adding a component here changes the
 * singleton: bump its version, and a remote that uses it is refused at release until the shell that
 * provides it is released (README, "Releasing a remote").
 *
 * antd's Table, Pagination, Card, Breadcrumb, Empty and Result are deliberately absent: use DataTable,
 * Pager, Card, PageBreadcrumb, EmptyState and ErrorState, which draw what the screens use of them
 * without the rest (tabs, skeletons, dropdown crumbs, illustrations) on every page. The form fields
 * (Form, Select, InputNumber, Segmented), the record screens' Tabs and Descriptions, Modal and the
 * toasts' notification are the second singleton entry, `./antd-on-demand`, fetched when first
 * needed: about 60 KiB gzip that the dashboard and the first list skip. antd's App is not used:
 * ThemeProvider gives confirmations (useDialogs) and the page's toasts their theme instead.
 *
 * Only what the screens use is here: a shared module is not tree-shaken, so every component listed
 * is fetched by every admin's first screen after sign-in. The sign-in page takes none of it.
 */
export {
  Alert,
  Button,
  ConfigProvider,
  Flex,
  Input,
  Space,
  Spin,
  Typography,
  theme,
  Badge,
  Col,
  Dropdown,
  Grid,
  Layout,
  Menu,
  Row,
  Switch,
  Tag,
} from 'antd';

export type {
  AlertProps,
  ButtonProps,
  ConfigProviderProps,
  FlexProps,
  GlobalToken,
  InputProps,
  SpaceProps,
  SpinProps,
  ThemeConfig,
  TypographyProps,
  BadgeProps,
  ColProps,
  DropdownProps,
  LayoutProps,
  MenuProps,
  RowProps,
  SiderProps,
  SwitchProps,
  TagProps,
} from 'antd';

export {
  DashboardOutlined,
  TeamOutlined,
  StarOutlined,
  UserAddOutlined,
  PhoneOutlined,
  DollarOutlined,
  BellOutlined,
  MailOutlined,
  TagsOutlined,
  SettingOutlined,
  MenuOutlined,
  UserOutlined,
  LogoutOutlined,
  LockOutlined,
  ReloadOutlined,
  SearchOutlined,
  ArrowLeftOutlined,
  EyeOutlined,
  EditOutlined,
  CheckOutlined,
  CloseOutlined,
  DownOutlined,
  PlusOutlined,
  DeleteOutlined,
  UploadOutlined,
  StopOutlined,
  SunOutlined,
  MoonOutlined,
  CaretDownOutlined,
  CaretUpOutlined,
  CloseCircleFilled,
  WarningFilled,
} from '@ant-design/icons';

// The product's theme (ConfigProvider, the theme's text and its confirmation dialogs around the page) and the light/dark choice, which is
// the runtime's store (one per page; the sign-in page, without antd, follows it too).
export { ThemeProvider, useToasts, type ThemeMode, type ToastKind, type Toasts } from './ThemeProvider';
export { useDialogs, type DialogHandle, type Dialogs } from './dialogs';
export { THEME_STORAGE_KEY, themeMode, useThemeMode } from '@backoffice/shared-api/runtime';
