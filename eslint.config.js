import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports a layer may not make: routes/api → modules → lib, never the other way. */
const forbid = (...groups) => ({
  "no-restricted-imports": [
    "error",
    {
      // Types describe data; importing one cannot run a query, so type-only imports are allowed.
      patterns: groups.map(([group, message]) => ({ group: [group, `${group}/**`], message, allowTypeImports: true })),
    },
  ],
});

const APP = ["~/app", "lib/ and modules/ must not depend on the React app"];
const SERVER = ["~/server", "only the server entry composes the HTTP layer"];
const MODULES = ["~/modules", "lib/ is infrastructure and must not depend on domain modules"];
const SEED = ["~/db/seed", "the demo seed is a top-level script, not a dependency"];
const ROUTER = ["react-router", "modules speak the domain, not HTTP: map their results to responses in app/"];
const ROUTER_PACKAGES = ["@react-router", "modules speak the domain, not HTTP: map their results to responses in app/"];
const DATABASE = ["~/lib/db", "routes reach the database through database(context) and pass it to module functions"];
const DRIZZLE = ["drizzle-orm", "routes call module functions; no queries in routes"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // Regions that scroll or respond to arrow keys must be reachable from the keyboard.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  // Dependency direction.
  { files: ["lib/**"], rules: forbid(APP, SERVER, MODULES, SEED) },
  { files: ["modules/**"], rules: forbid(APP, SERVER, SEED, ROUTER, ROUTER_PACKAGES) },
  {
    files: ["app/**"],
    rules: forbid(SERVER, SEED, DATABASE, DRIZZLE, [
      "~/db/schema",
      "routes call module functions; no queries in routes",
    ]),
  },
  // No import cycles anywhere: a cycle means two files are one idea, or a rule lives in the wrong place.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  // Type-aware rules where a mistake is silent at run time: a promise nobody awaits or catches.
  {
    files: ["app/**/*.{ts,tsx}", "modules/**/*.ts", "lib/**/*.ts", "server/**/*.ts", "scripts/**/*.ts", "db/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
);
