#!/usr/bin/env node
// `npm test`: the type check, the linter, the unit tests, the production build and the browser tests, stopping at
// the first step that fails, then the time each step took. The type check and the linter are single-threaded, so
// they run side by side on two cores (their output is printed whole as each ends); the build skips the type check
// that has just passed.
import { spawn } from "node:child_process";

const STEPS = [
  [{ script: "typecheck" }, { script: "lint" }],
  [{ script: "test:unit" }],
  [{ script: "build", env: { SKIP_BUILD_TYPECHECK: "1" } }],
  [{ script: "test:e2e" }],
];

function runScript({ script, env = {} }, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env: { ...process.env, ...env },
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      if (buffered) {
        process.stdout.write(`\n> npm run ${script}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ script, ok: code === 0, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const timings = [];
let failed;
for (const step of STEPS) {
  if (step.length === 1) console.log(`\n> npm run ${step[0].script}`);
  const results = await Promise.all(step.map((task) => runScript(task, { buffered: step.length > 1 })));
  timings.push(...results);
  failed = results.find((result) => !result.ok);
  if (failed) break;
}

console.log(
  `\nnpm test: ${timings.map((t) => `${t.script} ${t.seconds.toFixed(0)} s${t.ok ? "" : " (failed)"}`).join(", ")}`,
);
process.exit(failed ? failed.code || 1 : 0);
