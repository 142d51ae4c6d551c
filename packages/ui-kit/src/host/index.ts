export { AppProviders } from './AppProviders';
export { SignInForm } from './SignInForm';
export { StandaloneHost, type StandaloneArea } from './StandaloneHost';
export { useUrlListState, type UrlListState, type UrlListDefaults } from './useUrlListState';
export { useListController, type ListControllerOptions, type ListQueryResult } from './useListController';
export { AuthCard, EmailField, NewPasswordFields, useServerForm } from './AuthForm';
export { HostRoot } from './HostRoot';
export { useUnsavedChangesGuard, LEAVE_TITLE, leaveContent } from './useUnsavedChangesGuard';
export { useBackToList } from './useBackToList';
