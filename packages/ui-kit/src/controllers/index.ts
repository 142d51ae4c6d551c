export { useUrlListState, type UrlListState, type UrlListDefaults } from './useUrlListState';
export { useListController, type BaseListQuery, type ListControllerOptions } from './useListController';
export { useRecordController } from './useRecordController';
export { useUnsavedChangesGuard, LEAVE_TITLE, leaveContent } from './useUnsavedChangesGuard';
export { useBackToList } from './useBackToList';
export { useConfirmedAction, type ConfirmedAction } from './useConfirmedAction';
export { useLinkTo } from './useLinkTo';
