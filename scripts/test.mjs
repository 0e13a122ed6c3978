#!/usr/bin/env node
// `npm test`: the production build with the type check and the linter beside it, then the browser tests with the unit
// tests beside them, and after the unit tests every bench at a toy size (on the same build), stopping after the first
// step that fails, then the time each script took. A browser test keeps about one and a half cores busy and a unit test
// file waits on sandboxes, timers and rate limits much of its time, so each fills the other's idle core; the unit tests
// end well before the browser tests, which leaves that core to the benches. The build skips its own type check, as the type check runs beside it. The first
// script of a step prints as it runs; the others' output is held and printed whole when the step ends, or at once if
// that script fails.
import { spawn } from "node:child_process";
import { findBrowser, findTestBrowser } from "./find-browser.mjs";
import { findRedisServer } from "./find-redis.mjs";

// Each step's first script prints as it runs; each entry beside it is a script, or a list run one after the other.
const STEPS = [
  [{ script: "build", env: { SKIP_BUILD_TYPECHECK: "1" } }, { script: "typecheck" }, { script: "lint" }],
  [{ script: "test:e2e" }, [{ script: "test:unit" }, { script: "test:bench" }]],
];

function runScript({ script, env = {} }, { held = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env: { ...process.env, ...env },
      stdio: held ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const result = {
        script,
        output: Buffer.concat(output),
        ok: code === 0,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
      };
      // A failure beside a long step is shown when it happens, so it can be read (or the run stopped) at once.
      if (held && !result.ok) printHeld(result, " (failed; the step goes on)");
      resolve(result);
    });
  });
}

/** A step's entry as the list of scripts it runs in turn. */
const inTurn = (tasks) => [tasks].flat();

/** Scripts one after the other, up to the first that fails. */
async function runInTurn(tasks, options) {
  const results = [];
  for (const task of inTurn(tasks)) {
    const result = await runScript(task, options);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

function printHeld(result, note = "") {
  process.stdout.write(`\n> npm run ${result.script}${note}\n`);
  process.stdout.write(result.output);
}

// The Debian packages the tests need are installed here, one after the other, before anything runs side by side:
// two apt-get runs at once fail on apt's lock. The full browser is Lighthouse's, for its toy run.
try {
  await findTestBrowser();
  await findBrowser();
  findRedisServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const timings = [];
let failed;
for (const [shown, ...beside] of STEPS) {
  const lanes = beside.map((tasks) =>
    inTurn(tasks)
      .map((task) => task.script)
      .join(" then "),
  );
  const besideNote = lanes.length > 0 ? ` (and beside it: ${lanes.join(", ")})` : "";
  console.log(`\n> npm run ${shown.script}${besideNote}`);
  const [first, ...held] = await Promise.all([
    runScript(shown),
    ...beside.map((tasks) => runInTurn(tasks, { held: true })),
  ]);
  const results = [first, ...held.flat()];
  // A held script that failed was printed when it ended.
  for (const result of held.flat()) if (result.ok) printHeld(result);
  timings.push(...results);
  failed = results.find((result) => !result.ok);
  if (failed) break;
}

console.log(
  `\nnpm test: ${timings.map((t) => `${t.script} ${t.seconds.toFixed(0)} s${t.ok ? "" : " (failed)"}`).join(", ")}`,
);
process.exit(failed ? failed.code || 1 : 0);
