/**
 * ui-kit's second antd singleton entry: what no first screen draws. The form fields, the record
 * screens' avatars, tabs and descriptions, dialogs and toasts are most of antd's weight after the layout
 * (rc-field-form and its validator, rc-select with its virtual list, rc-tabs, rc-dialog,
 * rc-notification), and neither the dashboard nor a list without a choice filter shows one until
 * asked; so they are a shared module of their own, fetched by the first screen that imports
 * `@backoffice/ui-kit/forms`, or when the first confirmation (ThemeProvider's dialogs) or toast
 * (LazyToasts) is raised.
 *
 * Shared like `./antd`, as a strict singleton under its own key and version (package.json
 * `federation.singletons`): one Form, Select and Modal per page. Both entries come from the build
 * that provides them (the shell's, or a standalone host's), so these components read the page's one
 * ConfigProvider, theme and style cache. Adding a component here changes this singleton: bump its
 * version, as for `./antd` (README, "Releasing a remote").
 */
export { Avatar, Checkbox, Descriptions, Form, InputNumber, Modal, Segmented, Select, Tabs, notification } from 'antd';

export type {
  AvatarProps,
  CheckboxProps,
  DescriptionsProps,
  FormInstance,
  FormItemProps,
  FormProps,
  FormRule,
  InputNumberProps,
  ModalFuncProps,
  ModalProps,
  SegmentedProps,
  SelectProps,
  TabsProps,
} from 'antd';
