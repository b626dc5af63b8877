// One flat config for the whole workspace. Module boundaries follow design.md section 1:
// @nx/enforce-module-boundaries checks the tag table, no-restricted-imports bans the
// entry points and packages a project must not reach even where tags allow the library.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dep = (...scopes) => scopes.map((s) => `scope:${s}`);

/** Where each project may run and which scopes it may import (design.md section 1, dependency table). */
const depConstraints = [
  // Where code runs (design.md section 1, "runs in"): node code never pulls in a browser library,
  // browser code never a node-only one, and code that runs anywhere only what runs anywhere. First,
  // because the rule reports the first constraint an import breaks: a wrong place to run is named as such.
  { sourceTag: 'runs:node', onlyDependOnLibsWithTags: ['runs:node', 'runs:anywhere'] },
  { sourceTag: 'runs:browser', onlyDependOnLibsWithTags: ['runs:browser', 'runs:anywhere'] },
  { sourceTag: 'runs:anywhere', onlyDependOnLibsWithTags: ['runs:anywhere'] },
  { sourceTag: 'scope:timeline', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:layers', onlyDependOnLibsWithTags: dep('timeline') },
  { sourceTag: 'scope:render-core', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:mask-tool', onlyDependOnLibsWithTags: dep('layers', 'timeline') },
  { sourceTag: 'scope:sync', onlyDependOnLibsWithTags: dep('layers', 'timeline') },
  { sourceTag: 'scope:ui', onlyDependOnLibsWithTags: [] },
  // stage: project -> render description, shared by editor and projector; it may use sync's browser entry (design.md section 1).
  { sourceTag: 'scope:stage', onlyDependOnLibsWithTags: dep('layers', 'timeline', 'render-core', 'sync') },
  { sourceTag: 'scope:editor', onlyDependOnLibsWithTags: dep('timeline', 'layers', 'render-core', 'mask-tool', 'sync', 'ui', 'stage') },
  { sourceTag: 'scope:projector', onlyDependOnLibsWithTags: dep('timeline', 'layers', 'render-core', 'sync', 'ui', 'stage') },
  // player: the embeddable <beamstage-player>, the projector's sibling (design.md section 1): never the editor, never ui.
  { sourceTag: 'scope:player', onlyDependOnLibsWithTags: dep('timeline', 'layers', 'render-core', 'sync', 'stage') },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: dep('layers', 'timeline', 'sync') },
  { sourceTag: 'scope:site', onlyDependOnLibsWithTags: dep('ui') },
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: dep('timeline', 'layers', 'render-core', 'mask-tool', 'sync', 'ui', 'stage', 'api', 'testing') },
];

const restrict = (files, paths, patterns = [], ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});
const noSyncNode = { name: '@beamstage/sync/node', message: 'The node entry of libs/sync is for apps/api only.' };
const noReact = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'].map((name) => ({
  name,
  message: 'This project must not depend on React (design.md section 1).',
}));
const noRender = { name: '@beamstage/render-core', message: 'apps/api never imports render-core.' };
const noSyncBrowserInNode = { name: '@beamstage/sync/browser', message: 'Node code uses @beamstage/sync/node.' };
const pureLibGlobals = {
  'no-restricted-globals': [
    'error',
    ...['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'fetch', 'setTimeout', 'setInterval', 'requestAnimationFrame', 'navigator'].map(
      (name) => ({ name, message: 'Libraries that run anywhere take time and effects as parameters (design.md section 1).' }),
    ),
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/*.gen.ts',
      '**/lint-fixtures/**',
      'data/**',
      'artifacts/**',
      '**/.nx/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/drizzle/meta/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Test, config and benchmark files may reach the shared test harness in tools/testing by path;
  // the boundaries above are about what shipped source depends on.
  {
    files: [
      '**/*.config.*',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.bench.ts',
      '**/testing/**',
      '**/testing-harness.ts',
      '**/.storybook/**',
      'tools/e2e/**',
      'tools/bench/**',
      'tools/render-demo/**',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/editor/**', 'apps/projector/**', 'apps/player/**', 'apps/site/**', 'libs/render-core/**', 'libs/mask-tool/**', 'libs/ui/**', 'libs/stage/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['apps/api/**', 'tools/**', '**/*.config.*', '**/.storybook/**'], languageOptions: { globals: { ...globals.node } } },
  // Pure libraries: no browser or timer globals in their source (tests may use them).
  {
    files: [
      'libs/timeline/src/**',
      'libs/layers/src/**',
      'libs/mask-tool/src/core/**',
      'libs/sync/src/client/**',
      'libs/sync/src/document/**',
      'libs/sync/src/index.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: pureLibGlobals,
  },
  restrict(['libs/timeline/**', 'libs/layers/**', 'libs/sync/**', 'libs/render-core/**'], [...noReact]),
  restrict(
    ['libs/mask-tool/src/core/**', 'libs/mask-tool/src/index.ts'],
    [...noReact],
    [{ group: ['**/modal/**'], message: 'The mask model never pulls in the modal.' }],
  ),
  restrict(['apps/editor/**', 'apps/projector/**', 'libs/stage/**'], [noSyncNode]),
  restrict(
    ['apps/player/**'],
    [noSyncNode, ...noReact],
    [{ group: ['@beamstage/editor*', '@beamstage/ui*', '**/apps/editor/**'], message: 'The player never imports the editor or its UI (design.md section 1).' }],
  ),
  restrict(['apps/site/**'], [noSyncNode]),
  restrict(
    ['apps/api/**'],
    [...noReact, noRender, noSyncBrowserInNode],
    [{ group: ['@beamstage/mask-tool*', '@beamstage/ui*'], message: 'apps/api never imports browser libraries.' }],
  ),
  // libs/sync's two entries never reach into each other by a relative path (that would bypass the entry rules).
  // (Its browser tests' global setup starts a real sync server in Node: test harness, not shipped code.)
  restrict(
    ['libs/sync/src/browser/**'],
    [noSyncNode],
    [{ group: ['**/node/**', '../node', '../node/*'], message: 'The browser entry of libs/sync never imports its node code.' }],
    ['libs/sync/src/browser/testing/**'],
  ),
  restrict(
    ['libs/sync/src/node/**'],
    [noSyncBrowserInNode],
    [{ group: ['**/browser/**', '../browser', '../browser/*'], message: 'The node entry of libs/sync never imports its browser code.' }],
  ),
  restrict(
    ['libs/sync/src/client/**', 'libs/sync/src/document/**', 'libs/sync/src/index.ts'],
    [noSyncNode, noSyncBrowserInNode],
    [{ group: ['**/node/**', '**/browser/**', '../node', '../browser'], message: "libs/sync's shared code runs anywhere: it imports neither entry." }],
  ),
  // The journeys take test and expect from testing/test.ts, whose test closes the contexts it opened.
  restrict(
    ['tools/e2e/**/*.spec.ts'],
    [
      {
        name: '@playwright/test',
        importNames: ['test', 'expect'],
        message: "Journeys import test and expect from './testing/test.ts' (it closes the browser contexts a test opened).",
      },
    ],
  ),
);
