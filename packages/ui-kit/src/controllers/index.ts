export { useUrlListState, type UrlListState, type UrlListDefaults } from './useUrlListState';
export { useListController, type BaseListQuery, type ListControllerOptions } from './useListController';
export { useRecordController } from './useRecordController';
export { useBackToList } from './useBackToList';
export { useConfirmedAction, type ConfirmedAction } from './useConfirmedAction';
export { useLinkTo } from './useLinkTo';
export { useDialogOpening, type DialogOpening } from './useDialogOpening';
export { useRememberFirstRead } from './useRememberFirstRead';
export { awaitingOtherRows } from './awaitingOtherRows';
