/**
 * Runs every `npm run bench` and `npm run bench:*` command of package.json in turn and prints each one's time and
 * outcome; exits 1 when one of them could not run to its end. `--toy` runs each at a toy size (BENCH_TOY=1, see
 * bench/size.ts): seconds each, no budget judged, so that `npm test` fails on a change that breaks a bench. Commands
 * that need a production build use the one that exists (`npm test` builds it first).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { markdownTable } from "./table";

const { values } = parseArgs({ options: { toy: { type: "boolean", default: false } } });

const BENCH_SCRIPT = /^bench(:|$)/;

interface Outcome {
  script: string;
  ok: boolean;
  seconds: number;
  output: string;
}

function benchScripts(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  return Object.keys(scripts).filter((name) => BENCH_SCRIPT.test(name));
}

function run(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      env: { ...process.env, ...(values.toy ? { BENCH_TOY: "1" } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) =>
      resolve({
        script,
        ok: code === 0,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(output).toString(),
      }),
    );
  });
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const script of benchScripts()) {
    const outcome = await run(script);
    // A run's own output is shown when it failed, or in full runs, where it holds the figures.
    if (!outcome.ok || !values.toy) process.stdout.write(`\n> npm run ${script}\n${outcome.output}`);
    console.log(`npm run ${script}: ${outcome.ok ? "ran" : "FAILED"} in ${outcome.seconds.toFixed(1)} s`);
    outcomes.push(outcome);
  }
  const total = outcomes.reduce((sum, outcome) => sum + outcome.seconds, 0);
  console.log(`\nEvery bench${values.toy ? " at a toy size" : ""}, ${total.toFixed(0)} s in all\n`);
  console.log(
    markdownTable(
      ["command", "result", "time"],
      outcomes.map((outcome) => [
        `npm run ${outcome.script}`,
        outcome.ok ? "ran" : "FAILED",
        `${outcome.seconds.toFixed(1)} s`,
      ]),
    ),
  );
  process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
}

void main();
