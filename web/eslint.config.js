// ESLint (flat config), run by `make lint`. Besides the recommended JavaScript, TypeScript
// and React hooks rules, it holds the app's layering (docs/ARCHITECTURE.md, "The web app"):
// shared code (lib/, components/) imports no feature and no app code; a feature imports
// neither app/ nor another feature; app/ composes features into pages.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const noApp = { group: ['@/app', '@/app/*'], message: 'Bare app/ setter sammen sider; flytt det delte til lib/ eller components/.' }
const noFeatures = { group: ['@/features', '@/features/*'], message: 'Delt kode kan ikke avhenge av en funksjon (features/).' }
const noOtherFeature = {
  group: ['@/features/*', '../../*'],
  message: 'En funksjon importerer ikke en annen; flytt det delte til lib/ eller components/, eller sett dem sammen i app/.',
}

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'src/lib/api-schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Bruk nøklene i src/lib/query-keys.ts, ikke en liste skrevet på stedet.',
        },
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message: 'Oppdater med refresh() fra src/lib/refresh.ts: den avbryter en første henting som ellers ville svart uten endringen.',
        },
      ],
    },
  },
  {
    files: ['src/lib/**', 'src/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noFeatures] }] },
  },
  {
    files: ['src/features/**'],
    ignores: ['src/features/**/*.test.tsx', 'src/features/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApp, noOtherFeature] }] },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright's fixtures take `use` and an empty first argument by design.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
)
