/**
 * The antd surface the apps may use. Apps import these from '@backoffice/ui-kit', never from antd:
 * this package is shared as one Module Federation singleton, so every remote gets the host's antd,
 * its theme and its style cache, and only the listed components are bundled (STACK-NOTES, "antd
 * across remotes"). Adding a component here is a ui-kit release: a remote built against a newer
 * ui-kit than the host's sees `undefined` for a component the host lacks.
 *
 * antd's Table and Pagination are deliberately absent: use DataTable and Pager.
 *
 * Only what the screens use today is here: ui-kit is shared whole (a shared module is not
 * tree-shaken), so every component listed is fetched by every admin's sign-in page. A screen that
 * needs another component adds it here in the same change.
 */
export {
  App,
  Alert,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Dropdown,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Layout,
  Menu,
  Result,
  Row,
  Space,
  Spin,
  Tag,
  Typography,
  notification,
  message,
  theme,
} from 'antd';

export type {
  AppProps,
  AlertProps,
  ButtonProps,
  CardProps,
  ColProps,
  ConfigProviderProps,
  DescriptionsProps,
  DropdownProps,
  EmptyProps,
  FlexProps,
  FormInstance,
  FormItemProps,
  FormProps,
  FormRule,
  GlobalToken,
  InputProps,
  LayoutProps,
  MenuProps,
  ResultProps,
  RowProps,
  SiderProps,
  SpaceProps,
  SpinProps,
  TagProps,
  ThemeConfig,
  TypographyProps,
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
} from '@ant-design/icons';
