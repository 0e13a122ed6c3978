#!/usr/bin/env node
// `npm run dev`: the sandbox (in sandbox mode) and the Next.js dev server together; one Ctrl-C stops both.
import { spawn } from "node:child_process";
import { nextDevArgs } from "./dev-host.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const sandboxMode = (env.DIMO_ENV ?? "sandbox").trim() === "sandbox" || env.DIMO_ENV?.trim() === "";
const sandboxPort = env.SANDBOX_PORT ?? "4455";
const children = [];
let stopping = false;

function start(name, command, args) {
  const child = spawn(command, args, { env, stdio: "inherit" });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  // Give both a moment to close their ports, then leave whatever is left behind.
  setTimeout(() => process.exit(code), 1500).unref();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function waitForSandbox(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

if (sandboxMode) {
  start("The sandbox", process.execPath, ["--import", "tsx", "sandbox/main.ts", "--port", sandboxPort]);
  const ready = await waitForSandbox(`http://127.0.0.1:${sandboxPort}/auth/keys`);
  if (!ready && !stopping) {
    console.error(`The sandbox did not start on port ${sandboxPort} within a minute.`);
    stop(1);
  }
}
if (!stopping)
  start("The dashboard", process.execPath, [
    "node_modules/next/dist/bin/next",
    ...nextDevArgs(env, process.argv.slice(2)),
  ]);
