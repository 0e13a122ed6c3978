import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The servers a benchmark starts (the sandbox, production dashboards), each in its own process so that the load
 * generator never shares an event loop with what it measures. Every process started here is stopped by
 * stopAllProcesses(), which the bench calls on success, failure and Ctrl-C alike.
 */

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last few kilobytes the process wrote, for an error message when it dies. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ManagedProcess>();
const cleanups = new Set<() => Promise<void>>();
const OUTPUT_KEPT = 8_000;
const STOP_GRACE_MS = 5_000;

/** A port that was free a moment ago on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port was handed out"))));
    });
  });
}

/** `afterExit` runs once the process has ended, however it was stopped (e.g. removing its temporary data folder). */
export function startProcess(
  name: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; afterExit?: () => void } = {},
): ManagedProcess {
  const env = options.env ?? process.env;
  // Its own process group, so a stop reaches anything it started in turn, and Ctrl-C in the terminal reaches only us.
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // "error" without "exit" when the process could not be started at all.
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  }).then(() => options.afterExit?.());

  const managed: ManagedProcess = {
    name,
    child,
    output: () => output,
    async stop() {
      running.delete(managed);
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return exited;
      signalGroup(child.pid, "SIGTERM");
      const timer = setTimeout(() => child.pid !== undefined && signalGroup(child.pid, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(managed);
  return managed;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Something else to end with the processes (a browser); returns a function that unregisters it. */
export function registerCleanup(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Stops every process started here and runs every registered cleanup; failures of one do not stop the others. */
export async function stopAllProcesses(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled([...pending.map((cleanup) => cleanup()), ...[...running].map((managed) => managed.stop())]);
}

/** Resolves with the first match of `pattern` in the process's output; rejects if it exits or takes too long. */
/**
 * On Ctrl-C or SIGTERM: says what is being stopped, stops every process and cleanup started here, and exits 130.
 * `on`, not `once`: a second signal (tsx relays the terminal's Ctrl-C again) must not end the process mid-cleanup.
 */
export function stopAllProcessesOnSignal(what: string): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping ${what}…`);
      void stopAllProcesses().finally(() => process.exit(130));
    });
  }
}

export function waitForOutput(managed: ManagedProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = managed.output().match(pattern);
      if (match) finish(() => resolve(match));
    };
    const onExit = (code: number | null) =>
      finish(() => reject(new Error(`${managed.name} exited (${code}) before it was ready:\n${managed.output()}`)));
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new Error(`${managed.name} was not ready within ${timeoutMs / 1000} s:\n${managed.output()}`)),
        ),
      timeoutMs,
    );
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      managed.child.stdout?.off("data", check);
      managed.child.stderr?.off("data", check);
      managed.child.off("exit", onExit);
      settle();
    };
    managed.child.stdout?.on("data", check);
    managed.child.stderr?.on("data", check);
    managed.child.once("exit", onExit);
    check();
  });
}

/** Polls a URL until it answers with any status below 500. */
export async function waitForHttp(url: string, managed: ManagedProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (managed.child.exitCode !== null)
      throw new Error(`${managed.name} exited (${managed.child.exitCode}):\n${managed.output()}`);
    try {
      const response = await fetch(url, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${managed.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${managed.output()}`);
}
