import { type ChildProcess, spawn } from "node:child_process";

/**
 * The sandbox started as a person starts it (`sandbox/main.ts` in a process of its own, on a free port), for the
 * measurement scripts: resolves once it says where it listens, with the time that took.
 */
export function startSandboxCli(dataDir: string): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts", "--port", "0", "--data-dir", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/[^\s]+)/);
      if (match?.[1]) resolve({ child, url: match[1], startMs: performance.now() - started });
    });
    child.once("exit", (code) => reject(new Error(`the sandbox exited with ${code} before listening`)));
  });
}
