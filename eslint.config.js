import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import kestrel from "./eslint/kestrel-plugin.js";

const NO_FETCH =
  "Call our server through a loader, an action or a fetcher (useFetcher, <Form>), not a hand-written fetch: see docs/decisions/015. Server modules (*.server.ts) may fetch.";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, kestrel },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "kestrel/boundaries": "error",
      "kestrel/file-names": "error",
      "kestrel/table-owners": "error",
      "no-console": ["error", { allow: ["error", "warn"] }],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message:
                "Take z from ~/platform/lib/zod: it keeps zod from generating code in the browser, which the CSP forbids.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Components reach our server through loaders, actions and fetchers (docs/decisions/015), so
    // pending states, errors and revalidation follow one path.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/**/*.server.{ts,tsx}",
      "app/**/.server/**",
      "app/**/*.test.{ts,tsx}",
      // The analytics sender posts its batches on page hide, outside any route.
      "app/platform/analytics/track.ts",
    ],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: NO_FETCH }],
      "no-restricted-properties": [
        "error",
        ...["window", "globalThis", "self"].map((object) => ({
          object,
          property: "fetch",
          message: NO_FETCH,
        })),
      ],
    },
  },
  {
    files: ["app/platform/lib/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["tests/**", "scripts/**", "server/start.js", "**/*.test.{ts,tsx}"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures receive a function named `use`; it is not React's.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
