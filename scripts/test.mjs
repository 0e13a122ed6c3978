#!/usr/bin/env node
// `npm test`: the type check, the linter, the unit tests, the production build and the browser tests, stopping at
// the first step that fails, then the time each step took. The unit tests spend much of their time waiting on
// sandboxes, timers and rate limits, so the single-threaded type check and linter run beside them: the first script
// of a step prints as it runs, the others' output is held and printed whole after it. The build skips the type check
// that has just passed.
import { spawn } from "node:child_process";

const STEPS = [
  [{ script: "test:unit" }, { script: "typecheck" }, { script: "lint" }],
  [{ script: "build", env: { SKIP_BUILD_TYPECHECK: "1" } }],
  [{ script: "test:e2e" }],
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
      resolve({
        script,
        output: Buffer.concat(output),
        ok: code === 0,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}

const timings = [];
let failed;
for (const [shown, ...beside] of STEPS) {
  const besideNote = beside.length > 0 ? ` (and beside it: ${beside.map((task) => task.script).join(", ")})` : "";
  console.log(`\n> npm run ${shown.script}${besideNote}`);
  const results = await Promise.all([runScript(shown), ...beside.map((task) => runScript(task, { held: true }))]);
  for (const result of results.slice(1)) {
    process.stdout.write(`\n> npm run ${result.script}\n`);
    process.stdout.write(result.output);
  }
  timings.push(...results);
  failed = results.find((result) => !result.ok);
  if (failed) break;
}

console.log(
  `\nnpm test: ${timings.map((t) => `${t.script} ${t.seconds.toFixed(0)} s${t.ok ? "" : " (failed)"}`).join(", ")}`,
);
process.exit(failed ? failed.code || 1 : 0);
