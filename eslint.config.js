import { readdirSync } from "node:fs";
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
      patterns: [
        ...groups.map(([group, message]) => ({ group: [group, `${group}/**`], message, allowTypeImports: true })),
        // A parent-relative path ("../../lib/env.server") would slip past every rule above.
        { regex: "^\\.\\./", message: "import from another folder with ~/ so the layer rules see it" },
      ],
    },
  ],
});

const APP = ["~/app", "lib/ and modules/ must not depend on the React app"];
const SERVER = ["~/server", "only the server entry composes the HTTP layer"];
const MODULES = ["~/modules", "lib/ is infrastructure and must not depend on domain modules"];
const SEED = ["~/scripts/seed", "the demo seed belongs to the seed script, not a dependency"];
const ROUTER = ["react-router", "modules speak the domain, not HTTP: map their results to responses in app/"];
const ROUTER_PACKAGES = ["@react-router", "modules speak the domain, not HTTP: map their results to responses in app/"];
const DATABASE = ["~/lib/db", "routes reach the database through database(context) and pass it to module functions"];
const DRIZZLE = ["drizzle-orm", "routes call module functions; no queries in routes"];
const LUCIDE = ["lucide-react", "icons come from the sprite: <Icon name> from ~/app/components/ui/icon"];
const TAILWIND_MERGE = [
  "tailwind-merge",
  "classes are joined without run-time merging (cn): give the component a variant instead (ADR 73)",
];
const DATABASE_SINGLETON = [
  "~/lib/db/index.server",
  "modules receive the database as a parameter: only the server entry opens it (db())",
];
const ADAPTER_FACTORIES = [
  "~/lib/adapters/*/index.server",
  "adapters are chosen and opened once, in server/services.ts: take them from the services (services(context))",
];
const CONFIGURATION = [
  "~/lib/env.server",
  "settings reach modules and routes through the services (services(context)); only server/ reads the configuration",
];
/**
 * The same three for `import()`, which no-restricted-imports does not see. (esquery's regular
 * expressions cannot hold "/", so "." stands for it.)
 */
const forbidLazy = (...groups) => ({
  "no-restricted-syntax": [
    "error",
    ...groups.map(([path, message]) => ({
      selector: `ImportExpression[source.value=/^${path.replaceAll(".", "\\.").replaceAll("/", ".").replace("*", "[\\w-]+")}$/]`,
      message,
    })),
  ],
});
const COMPOSITION_ROOT = [DATABASE_SINGLETON, ADAPTER_FACTORIES, CONFIGURATION];
const APP_FORBIDS = [
  SERVER,
  SEED,
  DATABASE,
  DRIZZLE,
  LUCIDE,
  TAILWIND_MERGE,
  ["~/db/schema", "routes call module functions; no queries in routes"],
];

/**
 * Module boundaries: a domain's internals sit in `modules/<domain>/internal/` and only that domain
 * imports them; every other file of `modules/<domain>/` is its public surface. Tests may reach in.
 */
const DOMAINS = readdirSync(new URL("./modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const LAYERS = ["./app", "./server", "./lib", "./db", "./scripts", "./tools"];
const moduleInternals = DOMAINS.map((domain) => ({
  target: [...LAYERS, ...DOMAINS.filter((other) => other !== domain).map((other) => `./modules/${other}`)],
  from: `./modules/${domain}/internal`,
  message: `modules/${domain}/internal/ is private to the ${domain} module: call one of its public functions instead.`,
}));

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
  // The composition root: only server/ (and scripts) open the database and the adapters (ADR 90).
  { files: ["lib/**"], rules: forbid(APP, SERVER, MODULES, SEED, DATABASE_SINGLETON) },
  {
    files: ["db/**"],
    rules: forbid(APP, SERVER, SEED, ["~/modules", "db/ is the schema and its migrations: it depends on no domain"]),
  },
  {
    files: ["modules/**"],
    rules: {
      ...forbid(APP, SERVER, SEED, ROUTER, ROUTER_PACKAGES, ...COMPOSITION_ROOT),
      ...forbidLazy(...COMPOSITION_ROOT),
    },
  },
  { files: ["app/**"], rules: forbid(...APP_FORBIDS, ADAPTER_FACTORIES) },
  {
    files: ["app/routes/**"],
    rules: { ...forbid(...APP_FORBIDS, ADAPTER_FACTORIES, CONFIGURATION), ...forbidLazy(...COMPOSITION_ROOT) },
  },
  // No import cycles anywhere: a cycle means two files are one idea, or a rule lives in the wrong place.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: moduleInternals }],
    },
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
