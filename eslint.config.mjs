import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { importCyclesPlugin } from "./scripts/import-cycles.mjs";

// The one-way table of docs/architecture.md. The DIMO client holds the API key and the tokens: the app reaches it
// through the guarded functions of lib/server/ and lib/actions/, and lib/auth/ asks it who owns the license. Tests and
// test support build clients of their own. The sandbox and the benchmark stand outside the product and talk to it,
// and to DIMO, over HTTP only.
const DIMO_CLIENT_USERS = [
  "lib/dimo/**",
  "lib/server/**",
  "lib/actions/**",
  "lib/auth/**",
  "test-support/**",
  "**/*.test.ts",
  "**/*.test.tsx",
];
const DIMO_CLIENT_MESSAGE =
  "The DIMO client is server-only and holds the API key and tokens: call a guarded function of lib/server/ or lib/actions/ instead.";
const DIMO_CLIENT_IMPORT = { regex: "(^|/)lib/dimo(/|$)", message: DIMO_CLIENT_MESSAGE };
// Inside lib/, a relative import reaches the client as ./dimo or ../dimo.
const DIMO_CLIENT_RELATIVE_IMPORT = { regex: "^(\\./|(\\.\\./)+)dimo(/|$)", message: DIMO_CLIENT_MESSAGE };
// A time people read follows the Local / UTC switch; formatDateTime alone uses the runtime's zone and renders the
// server's on the server.
const FORMAT_DATE_TIME_IMPORT = {
  name: "@/lib/format/time",
  importNames: ["formatDateTime"],
  message:
    "Show a time with useTimeFormat() (lib/hooks/use-time-zone.ts) or <LocalTime>, which follow the Local / UTC switch.",
};

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const PRODUCT = ["./app", "./components", "./lib", "./proxy.ts", "./instrumentation.ts"];
const OUTSIDE_THE_PRODUCT = ["./sandbox", "./test-support", "./e2e", "./bench"];
/**
 * What the sandbox shares with the dashboard: facts both sides of the wire must agree on (privileges and services,
 * the demo license's public values, the license contract's ABI and the sandbox chain, the webhook condition language,
 * the signal catalog, named in both of its homes while it moves to lib/signals/). Anything else of lib/ is the dashboard's own; a sandbox that imported it would test
 * the dashboard against itself.
 */
const PROTOCOL_FACTS = [
  "./protocol.ts",
  "./demo-license.ts",
  "./chain/dev-license-abi.ts",
  "./chain/sandbox-chain.ts",
  "./cel/conditions.ts",
  "./telemetry-signals.ts",
  "./signals/catalog.ts",
];
const IMPORT_DIRECTION = [
  { target: PRODUCT, from: OUTSIDE_THE_PRODUCT, message: "The product never imports the sandbox, tests or benches." },
  { target: "./lib", from: ["./components", "./app"], message: "lib/ sits below components/ and app/." },
  { target: "./components", from: "./app", message: "components/ sits below app/." },
  {
    target: "./lib/dimo",
    from: ["./lib/server", "./lib/actions", "./lib/auth"],
    message: "The DIMO client sits below the guarded reads, the actions and sign-in that use it.",
  },
  {
    target: "./sandbox",
    from: ["./test-support", "./e2e", "./bench", "./components", "./app"],
    message: "The sandbox stands alone: tests import it, never the other way round.",
  },
  {
    target: "./sandbox",
    from: "./lib",
    except: PROTOCOL_FACTS,
    message: "The sandbox takes only the shared protocol facts from lib/ (PROTOCOL_FACTS in eslint.config.mjs).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: DIMO_CLIENT_USERS,
    rules: {
      "no-restricted-imports": ["error", { patterns: [DIMO_CLIENT_IMPORT] }],
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression[source.value=/(^|\\/)lib\\/dimo(\\/|$)/]", message: DIMO_CLIENT_MESSAGE },
      ],
    },
  },
  {
    files: ["lib/**"],
    ignores: DIMO_CLIENT_USERS,
    rules: { "no-restricted-imports": ["error", { patterns: [DIMO_CLIENT_IMPORT, DIMO_CLIENT_RELATIVE_IMPORT] }] },
  },
  {
    files: ["components/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [FORMAT_DATE_TIME_IMPORT], patterns: [DIMO_CLIENT_IMPORT] }] },
  },
  {
    // The one-way table of docs/architecture.md, and no import cycles. Tests may reach anything they test.
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { "import-x": importX, imports: importCyclesPlugin },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
    rules: { "imports/no-cycle": "error" },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    ignores: TESTS,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: IMPORT_DIRECTION }] },
  },
  {
    // Playwright fixtures receive a function named `use`, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "next-env.d.ts",
    "node_modules/**",
    ".sandbox/**",
    ".sandbox-*/**",
    "test-results/**",
    "playwright-report/**",
    "public/**",
  ]),
]);
