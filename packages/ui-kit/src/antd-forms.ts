/**
 * ui-kit's second antd singleton entry: the form fields and the record screens' tabs and
 * descriptions. They are most of antd's weight after the layout (rc-field-form and its validator,
 * rc-select with its virtual list, rc-tabs), and no list without a choice filter, nor the
 * dashboard, draws one; so they are a shared module of their own, fetched by the first screen that
 * imports `@backoffice/ui-kit/forms`.
 *
 * Shared like `./antd`, as a strict singleton under its own key and version (package.json
 * `federation.singletons`): one Form and Select per page. Both entries come from the build that
 * provides them (the shell's, or a standalone host's), so these components read the page's one
 * ConfigProvider, theme and style cache. Adding a component here changes this singleton: bump its
 * version, as for `./antd` (README, "Releasing a remote").
 */
export { Descriptions, Form, InputNumber, Segmented, Select, Tabs } from 'antd';

export type {
  DescriptionsProps,
  FormInstance,
  FormItemProps,
  FormProps,
  FormRule,
  InputNumberProps,
  SegmentedProps,
  SelectProps,
  TabsProps,
} from 'antd';
