export { useUrlListState, type UrlListState, type UrlListDefaults } from './useUrlListState';
export { useListController, type ListControllerOptions, type ListQueryResult } from './useListController';
export { useUnsavedChangesGuard, LEAVE_TITLE, leaveContent } from './useUnsavedChangesGuard';
export { useBackToList } from './useBackToList';
export { useConfirmedAction, type ConfirmedAction } from './useConfirmedAction';
