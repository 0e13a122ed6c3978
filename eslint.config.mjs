import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

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
