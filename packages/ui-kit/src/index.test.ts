import * as uiKit from './index';

describe('the ui-kit entry', () => {
  it('hands the apps every antd component, icon and building block they are allowed', () => {
    const values = [
      'Alert',
      'Badge',
      'Button',
      'Card',
      'Col',
      'ConfigProvider',
      'Dropdown',
      'Flex',
      'Grid',
      'Input',
      'Layout',
      'Menu',
      'Row',
      'Space',
      'Spin',
      'Switch',
      'Tag',
      'Typography',
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
      'DateRangeFilter',
      'useDateRangeFilter',
      'dateRangeBounds',
      'validDay',
      'ListScreen',
      'useListController',
      'useBackToList',
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
  // The main entry lists the antd entry's names one by one (a star re-export of a shared module is
  // not resolved at runtime): a name added to an entry and not to the list would be missing.
  it('re-exports every name of @backoffice/ui-kit/antd', async () => {
    const surface = await import('./antd');
    const missing = Object.keys(surface).filter((name) => !(name in uiKit));
    expect(missing).toEqual([]);
  });

  // The hosts' part is not re-exported: the main entry is shared with every screen, and would carry
  // the sign-in page's code a second time beside the shell's own copy (issue 18).
  it('leaves the page root, the sign-in form and the standalone host to their own entries', async () => {
    for (const name of ['HostRoot', 'SignInForm', 'SignOut', 'AuthCard', 'StandaloneHost']) {
      expect([name, name in uiKit]).toEqual([name, false]);
    }
    expect(Object.keys(await import('./auth'))).toEqual(
      expect.arrayContaining(['HostRoot', 'SignInForm', 'SignOut', 'LOGOUT_PATH', 'LoadingOverlay']),
    );
    expect(Object.keys(await import('./standalone'))).toEqual(['StandaloneHost']);
  });

  // The list screens and the dashboard take only the main entry: were it to name a component of the
  // antd-on-demand singleton, every one of them would fetch Form, Select and Tabs again (issue 18).
  it("leaves antd's form fields, tabs and descriptions, and what draws them, to the forms entry", async () => {
    const forms = await import('./forms');
    const formsSingleton = await import('./antd-on-demand');
    expect(Object.keys(formsSingleton).sort()).toEqual(
      [
        'Avatar',
        'Checkbox',
        'Descriptions',
        'Form',
        'InputNumber',
        'Modal',
        'Segmented',
        'Select',
        'Tabs',
        'notification',
      ].sort(),
    );
    const inMain = Object.keys(forms).filter((name) => name in uiKit);
    expect(inMain).toEqual([]);
    const missing = Object.keys(formsSingleton).filter(
      // Toasts are raised through useToasts, never with antd's notification.
      (name) => name !== 'notification' && (forms as Record<string, unknown>)[name] === undefined,
    );
    expect(missing).toEqual([]);
    expect(Object.keys(forms)).toEqual(
      expect.arrayContaining([
        'FilterSelect',
        'DecisionStatusFilter',
        'ChangePasswordForm',
        'NewPasswordFields',
        // The edit controller and what it is made of: only a screen that edits takes them.
        'useEditController',
        'useUnsavedChangesGuard',
        'useFormServerErrors',
        'FormErrorAlert',
        'PROFILE_RULES',
        'timeZoneOptions',
      ]),
    );
  });
});
