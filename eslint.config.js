import js from "@eslint/js";
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
  { files: ["modules/**"], rules: forbid(APP, SERVER, SEED) },
  {
    files: ["app/routes/**", "app/components/**"],
    rules: forbid(
      SERVER,
      SEED,
      ["~/db/schema", "routes call module functions; no queries in routes"],
      ["drizzle-orm", "routes call module functions; no queries in routes"],
    ),
  },
);
