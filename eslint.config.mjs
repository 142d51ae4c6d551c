import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const APPS = ['api', 'shell', 'people', 'payments', 'catalog'];

/** Dependencies point one way: apps -> packages. No app imports another; packages import no app. */
// antd is imported by ui-kit alone: one stray import in an app bundles a second antd (STACK-NOTES).
const ANTD_ONLY_IN_UI_KIT = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  allowTypeImports: true,
  message: 'Import antd components from @backoffice/ui-kit: it is the only package that imports antd.',
};

// The router is ui-kit's singleton entry, half of react-router-dom: a direct import would bundle the
// whole library and a second router. Tests may build memory routers from react-router-dom.
const ROUTER_ONLY_IN_UI_KIT = {
  group: ['react-router-dom', 'react-router', 'react-router/*'],
  allowTypeImports: true,
  message: "Import routing from '@backoffice/ui-kit/router': it is a singleton entry (README).",
};
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing.tsx', '**/testFixtures.tsx', '**/test-utils.ts'];

const noImportOf = (names, { antd = false, router = false, extra = [] } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(antd ? [] : [ANTD_ONLY_IN_UI_KIT]),
        ...(router ? [] : [ROUTER_ONLY_IN_UI_KIT]),
        ...extra,
        ...names.map((n) => ({
          group: [`@backoffice/${n}`, `@backoffice/${n}/*`],
          message: `Do not import the ${n} app from here: apps depend on packages only.`,
        })),
        { group: ['**/apps/*', '**/apps/**'], message: 'Do not reach into apps/ by path.' },
      ],
    },
  ],
});

// shared-api's singleton entry is its runtime/ folder: the rest of the package reaches it by name.
const SHARED_API_RUNTIME_BY_NAME = {
  group: ['./runtime', './runtime/*', '../runtime', '../runtime/*'],
  message: "Import the runtime's services from '@backoffice/shared-api/runtime': it is a singleton entry.",
};
const UI_KIT_SINGLETON_FILES = ['antd.ts', 'antd-on-demand.ts', 'ThemeProvider.tsx', 'testing.tsx'];
const UI_KIT_SINGLETONS_BY_NAME = [
  {
    group: ['/antd', '/antd/*', '/@ant-design/*', './antd', '../antd', './antd-on-demand', '../antd-on-demand'],
    allowTypeImports: true,
    message:
      "Import antd from '@backoffice/ui-kit/antd' or '@backoffice/ui-kit/antd-on-demand': they are singleton entries.",
  },
  {
    group: ['./ThemeProvider', '../ThemeProvider'],
    message: "Import the theme from '@backoffice/ui-kit/antd': it is part of that singleton entry.",
  },
];

// The sign-in page's part of ui-kit (its `./auth` entry) fetches no antd, no react-query and not
// shared-api's main entry (issue 18's budget): its files import none of them. Toasts come in by a
// dynamic import, when the first is raised.
const SIGNED_OUT_FILES = [
  'auth.ts',
  'LoadingOverlay.tsx',
  'host/HostRoot.tsx',
  'host/RouteError.tsx',
  'host/SignOut.tsx',
  'host/SignInForm.tsx',
  'host/SecondFactorStep.tsx',
  'host/AuthCard.tsx',
  'host/LazyToasts.tsx',
  'host/pageTheme.ts',
  'host/paths.ts',
  'host/authMessages.ts',
  'styleSheet.ts',
  'lazyScreen.tsx',
  'retryingLazy.tsx',
].map((f) => `packages/ui-kit/src/${f}`);
const signedOutOnly = () => {
  const [level, { patterns }] = noImportOf(APPS, { antd: true, extra: UI_KIT_SINGLETONS_BY_NAME })[
    'no-restricted-imports'
  ];
  const message = "The sign-in page's code loads none of this (see SIGNED_OUT_FILES).";
  return {
    'no-restricted-imports': [
      level,
      {
        patterns: [
          ...patterns,
          { group: ['antd', 'antd/*', '@ant-design/*', '@backoffice/ui-kit/antd*', '@tanstack/*'], message },
          { group: ['./Toasts', './AppProviders', './AuthForm'], message },
        ],
        paths: [
          { name: '@backoffice/shared-api', message },
          { name: '@backoffice/ui-kit', message },
        ],
      },
    ],
  };
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '.data/**', '.releases/**', 'apps/api/scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  // Tests read untyped JSON replies; typing every reply there would only restate the contract.
  {
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['packages/**/*.{ts,tsx}'], rules: noImportOf(APPS) },
  { files: ['packages/ui-kit/**/*.{ts,tsx}'], rules: noImportOf(APPS, { antd: true }) },
  // The singleton entries (README, "Releasing a remote") are reached by package name from the rest
  // of their package: a relative import would put a second session, socket or antd into a remote
  // that runs its own copy of the package.
  {
    files: ['packages/shared-api/src/client/**/*.{ts,tsx}'],
    ignores: ['packages/shared-api/src/runtime/**', '**/*.test.{ts,tsx}'],
    rules: noImportOf(APPS, { extra: [SHARED_API_RUNTIME_BY_NAME] }),
  },
  {
    files: ['packages/ui-kit/src/**/*.{ts,tsx}'],
    ignores: [...UI_KIT_SINGLETON_FILES.map((f) => `packages/ui-kit/src/${f}`), '**/*.test.{ts,tsx}'],
    rules: noImportOf(APPS, { antd: true, extra: UI_KIT_SINGLETONS_BY_NAME }),
  },
  { files: SIGNED_OUT_FILES, rules: signedOutOnly() },
  ...APPS.map((app) => ({ files: [`apps/${app}/**/*.{ts,tsx}`], rules: noImportOf(APPS.filter((a) => a !== app)) })),
  // The same rules for tests, which may also import react-router-dom; and for the router entry itself.
  { files: TEST_FILES.map((f) => `packages/shared-api/${f}`), rules: noImportOf(APPS, { router: true }) },
  {
    files: [...TEST_FILES.map((f) => `packages/ui-kit/${f}`), 'packages/ui-kit/src/router.ts'],
    rules: noImportOf(APPS, { antd: true, router: true }),
  },
  ...APPS.map((app) => ({
    files: TEST_FILES.map((f) => `apps/${app}/${f}`),
    rules: noImportOf(
      APPS.filter((a) => a !== app),
      { router: true },
    ),
  })),
  { files: ['**/*.{js,cjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        module: 'writable',
        require: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        window: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  {
    files: ['**/*.test.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['describe', 'it', 'test', 'expect', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach'].map((g) => [
          g,
          'readonly',
        ]),
      ),
    },
  },
  prettier,
);
