import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCycles, importEdges } from "./import-cycles.mjs";

/**
 * The import rules of eslint.config.mjs, proven on a scratch tree that breaks each of them once beside imports they
 * allow, with the project's own config, tsconfig and node_modules; then the project's tree, which breaks none.
 */

const repo = path.resolve(import.meta.dirname, "..");

const exporting = (name: string) => `export const ${name} = 1;\n`;
const importing = (from: string) => `import { VALUE } from "${from}";\nexport const USED = VALUE;\n`;

const PLANTED: Record<string, string> = {
  "lib/protocol.ts": exporting("VALUE"),
  "lib/signals/catalog.ts": exporting("VALUE"),
  "lib/server/reads.ts": exporting("VALUE"),
  "components/panel.ts": exporting("VALUE"),
  "app/page-data.ts": exporting("VALUE"),
  "e2e/fixture.ts": exporting("VALUE"),
  "sandbox/service.ts": exporting("VALUE"),
  "test-support/harness.ts": exporting("VALUE"),
  // Against the direction.
  "lib/takes-components.ts": importing("@/components/panel"),
  "lib/takes-app.ts": importing("../app/page-data"),
  "lib/takes-e2e.ts": importing("@/e2e/fixture"),
  "lib/takes-sandbox.ts": importing("@/sandbox/service"),
  "lib/takes-test-support.ts": importing("@/test-support/harness"),
  "sandbox/takes-test-support.ts": importing("@/test-support/harness"),
  "sandbox/takes-lib-server.ts": importing("@/lib/server/reads"),
  "sandbox/takes-lib-relatively.ts": importing("../lib/server/reads"),
  "lib/dimo/takes-lib-server.ts": importing("../server/reads"),
  // Along it.
  "sandbox/takes-protocol.ts": importing("@/lib/protocol"),
  "sandbox/takes-catalog.ts": importing("../lib/signals/catalog"),
  "components/takes-lib.ts": importing("@/lib/server/reads"),
  "lib/server/takes-dimo.ts": importing("../dimo/client"),
  "lib/dimo/client.ts": exporting("VALUE"),
  "lib/harness.test.ts": importing("@/test-support/harness"),
  "sandbox/service.test.ts": importing("@/test-support/harness"),
  // A cycle of types only, and one of values.
  "lib/cycle-a.ts": `import { type B } from "./cycle-b";\nexport interface A {\n  b?: B;\n}\n`,
  "lib/cycle-b.ts": `import { type A } from "./cycle-a";\nexport interface B {\n  a?: A;\n}\n`,
  "sandbox/loop-a.ts": `import { B } from "./loop-b";\nexport const A = () => B;\n`,
  "sandbox/loop-b.ts": `import { A } from "./loop-a";\nexport const B = () => A;\n`,
};

const AGAINST_THE_DIRECTION = [
  "lib/takes-components.ts",
  "lib/takes-app.ts",
  "lib/takes-e2e.ts",
  "lib/takes-sandbox.ts",
  "lib/takes-test-support.ts",
  "sandbox/takes-test-support.ts",
  "sandbox/takes-lib-server.ts",
  "sandbox/takes-lib-relatively.ts",
  "lib/dimo/takes-lib-server.ts",
];
const IN_A_CYCLE = ["lib/cycle-a.ts", "lib/cycle-b.ts", "sandbox/loop-a.ts", "sandbox/loop-b.ts"];

/** The folders each folder imports freely; any other crossing is for ESLint to judge. */
const ALLOWED_BELOW: Record<string, string[]> = {
  app: ["components", "lib"],
  components: ["lib"],
};

let scratch: string;
let reported: Map<string, string[]>;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  mkdirSync(path.join(scratch, "scripts"));
  for (const file of ["eslint.config.mjs", "tsconfig.json", "scripts/import-cycles.mjs"]) {
    copyFileSync(path.join(repo, file), path.join(scratch, file));
  }
  symlinkSync(path.join(repo, "node_modules"), path.join(scratch, "node_modules"), "dir");
  for (const [file, text] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  const eslint = new ESLint({ cwd: scratch });
  const results = await eslint.lintFiles(Object.keys(PLANTED));
  reported = new Map(
    results.map((result) => [
      path.relative(scratch, result.filePath),
      result.messages.map((message) => message.ruleId ?? message.message),
    ]),
  );
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the import rules on a scratch tree", () => {
  it.each(AGAINST_THE_DIRECTION)("refuse %s", (file) => {
    expect(reported.get(file)).toEqual(["import-x/no-restricted-paths"]);
  });

  it.each(IN_A_CYCLE)("find the cycle through %s", (file) => {
    expect(reported.get(file)).toEqual(["imports/no-cycle"]);
  });

  it("let through every import along the direction, tests' imports included", () => {
    const refused = [...AGAINST_THE_DIRECTION, ...IN_A_CYCLE];
    const allowed = Object.keys(PLANTED).filter((file) => !refused.includes(file));
    expect(allowed.map((file) => [file, reported.get(file)])).toEqual(allowed.map((file) => [file, []]));
  });
});

describe("the project's tree", () => {
  it("has no import cycle", () => {
    expect(importCycles(repo)).toEqual([]);
  });

  it("imports along the direction only", async () => {
    // ESLint judges; it reads only the files a zone can refuse: those importing across folders, and lib/dimo's.
    const folderOf = (file: string) => file.split("/")[0] ?? file;
    const crossing = [...importEdges(repo)]
      .filter(([file]) => !/\.test\.tsx?$/.test(file))
      .filter(
        ([file, targets]) =>
          file.startsWith("lib/dimo/") ||
          targets.some((target) => {
            const [from, to] = [folderOf(file), folderOf(target)];
            return from !== to && !(ALLOWED_BELOW[from] ?? []).includes(to);
          }),
      )
      .map(([file]) => file);
    expect(crossing.length).toBeGreaterThan(0);
    const eslint = new ESLint({ cwd: repo, ruleFilter: ({ ruleId }) => ruleId === "import-x/no-restricted-paths" });
    const results = await eslint.lintFiles(crossing);
    const refusals = results.flatMap((result) =>
      result.messages.map((message) => `${path.relative(repo, result.filePath)}: ${message.message}`),
    );
    expect(refusals).toEqual([]);
  });
});
