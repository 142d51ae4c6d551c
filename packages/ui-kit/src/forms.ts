/**
 * What draws antd's form fields, tabs, descriptions and dialogs: the screens that edit or show one record,
 * the lists with a choice filter, and the change-password form. Its own entry so that a screen
 * without any of them (the dashboard, the Fans list) fetches neither this code nor the
 * `./antd-on-demand` singleton under it, about 43 KiB gzip.
 *
 * Not a shared module of its own, as `./auth` is not: nothing here holds state, the antd it draws
 * with is the page's singleton, and each key in every remoteEntry.js costs every page. A screen
 * takes the rest of ui-kit from the main entry, as before.
 */
// Named, not `export *`: a star re-export of a federation-shared module is not resolved at runtime.
export {
  Avatar,
  Checkbox,
  Descriptions,
  Form,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Tabs,
} from '@backoffice/ui-kit/antd-on-demand';
export type * from '@backoffice/ui-kit/antd-on-demand';

export { FilterSelect, type FilterSelectProps } from './FilterSelect';
export { PictureField, readPicture } from './profile/PictureField';
export {
  DECISION_STATUS_FILTER_KEY,
  DecisionStatusFilter,
  decisionStatusQueryOf,
  useDecisionStatusFilter,
} from './DecisionStatusFilter';
export { ChangePasswordForm, DEFAULT_PASSWORD_NOTICE } from './host/ChangePasswordForm';
export { EmailField, NewPasswordFields, useServerForm } from './host/AuthForm';
export {
  NOTHING_CHANGED_MESSAGE,
  useEditController,
  type EditControllerOptions,
} from './controllers/useEditController';
export { LEAVE_TITLE, leaveContent, useUnsavedChangesGuard } from './controllers/useUnsavedChangesGuard';
export {
  useFormServerErrors,
  type FormFieldName,
  type FormServerErrorsOptions,
} from './controllers/useFormServerErrors';
export { FormErrorAlert, type FormErrorAlertProps } from './host/FormErrorAlert';
export { PROFILE_RULES, maxCharsRule, requiredRule, timeZoneOptions } from './profile/profileRules';
