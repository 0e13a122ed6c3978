import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./processes";

/**
 * A real redis-server for tests and benchmarks: Debian's binary (scripts/find-redis.mjs installs it for `npm test`),
 * on a free loopback port, without persistence, in a temporary folder of its own, stopped (and the folder removed)
 * by stop(). stop() then start() again on the same port is a Redis restart that forgot everything.
 */

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server; the port stays reserved for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const serverPath = () => process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    serverPath(),
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      "--daemonize",
      "no",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`redis-server did not start in ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    child.once("error", (error) =>
      fail(new Error(`could not run ${serverPath()} (${error.message}); see scripts/find-redis.mjs`)),
    );
    const exited = (code: number | null) => fail(new Error(`redis-server exited with ${code}:\n${output}`));
    child.once("exit", exited);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        child.off("exit", exited);
        resolve(child);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  });
}

function halt(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  let dir = mkdtempSync(join(tmpdir(), "dimo-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await halt(child);
      child = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
    async start() {
      if (child) return;
      dir = mkdtempSync(join(tmpdir(), "dimo-redis-"));
      child = await launch(port, dir);
    },
  };
}
