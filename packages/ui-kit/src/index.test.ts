import * as uiKit from './index';

describe('the ui-kit entry', () => {
  it('hands the apps every antd component, icon and building block they are allowed', () => {
    const values = [
      'App',
      'Alert',
      'Avatar',
      'Badge',
      'Button',
      'Card',
      'Col',
      'ConfigProvider',
      'Descriptions',
      'Dropdown',
      'Empty',
      'Flex',
      'Form',
      'Grid',
      'Input',
      'InputNumber',
      'Layout',
      'Menu',
      'Modal',
      'Result',
      'Row',
      'Segmented',
      'Select',
      'Space',
      'Spin',
      'Switch',
      'Tabs',
      'Tag',
      'Typography',
      'notification',
      'message',
      'theme',
      'DashboardOutlined',
      'TeamOutlined',
      'StarOutlined',
      'UserAddOutlined',
      'PhoneOutlined',
      'DollarOutlined',
      'BellOutlined',
      'MailOutlined',
      'TagsOutlined',
      'SettingOutlined',
      'MenuOutlined',
      'UserOutlined',
      'LogoutOutlined',
      'LockOutlined',
      'ReloadOutlined',
      'SearchOutlined',
      'ArrowLeftOutlined',
      'EyeOutlined',
      'EditOutlined',
      'CheckOutlined',
      'CloseOutlined',
      'DownOutlined',
      'PlusOutlined',
      'DeleteOutlined',
      'UploadOutlined',
      'StopOutlined',
      'SunOutlined',
      'MoonOutlined',
      'DataTable',
      'Pager',
      'pageWindow',
      'SearchBox',
      'FilterBar',
      'FilterField',
      'FilterSelect',
      'DateRangeFilter',
      'useDateRangeFilter',
      'dateRangeBounds',
      'validDay',
      'ListScreen',
      'useListController',
      'useBackToList',
      'useUnsavedChangesGuard',
      'useFormServerErrors',
      'FormErrorAlert',
      'PageBreadcrumb',
      'LoadingOverlay',
      'ErrorState',
      'EmptyState',
      'DecisionStatusTag',
      'DetailLoadState',
      'detailLoadOf',
      'ThemeProvider',
      'useToasts',
      'useThemeMode',
      'PictureField',
      'PROFILE_RULES',
      'timeZoneOptions',
      'isPictureData',
      'formatDollars',
      'formatDateTime',
      'formatDate',
      'shortId',
      'underscoresToSpaces',
      'isOngoing',
      'formatCallDuration',
      'formatCallEnd',
    ];
    // A component missing here would be `undefined` in every remote, not a build error.
    const missing = values.filter((name) => (uiKit as Record<string, unknown>)[name] === undefined);
    expect(missing).toEqual([]);
    expect(uiKit.EPOCH_ISO).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('the main entry and the other entries', () => {
  // The main entry lists the other entries' names one by one (a star re-export of a shared module is
  // not resolved at runtime): a name added to an entry and not to the list would be missing.
  it.each([
    ['@backoffice/ui-kit/antd', () => import('./antd')],
    ['@backoffice/ui-kit/auth', () => import('./auth')],
  ])('re-exports every name of %s', async (_entry, load) => {
    const surface = await load();
    const missing = Object.keys(surface).filter((name) => !(name in uiKit));
    expect(missing).toEqual([]);
  });

  it('@backoffice/ui-kit/antd re-exports every name of the part the sign-in page takes, antd-core', async () => {
    const antd = await import('./antd');
    const core = await import('./antd-core');
    const missing = Object.keys(core).filter((name) => !(name in antd));
    expect(missing).toEqual([]);
  });
});
