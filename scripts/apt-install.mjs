// Installs a Debian package for the tests on a root machine with apt. Another apt run (a second test script, the
// system's own updates) may hold apt's locks: dpkg's lock is waited for by apt itself, the package lists' lock by a
// retry here, since `apt-get update` gives up on it at once.
import { spawnSync } from "node:child_process";

const LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=600"];
const LOCK_RETRY_MS = 2_000;
const LOCK_GIVE_UP_MS = 600_000;

export function canInstallWithApt() {
  return process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
}

function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function aptGet(args, env) {
  const giveUpAt = Date.now() + LOCK_GIVE_UP_MS;
  for (;;) {
    const run = spawnSync("apt-get", [...LOCK_WAIT, ...args], {
      env,
      stdio: ["ignore", "inherit", "pipe"],
      encoding: "utf8",
    });
    if (run.status === 0) return;
    const lockHeld = /Could not get lock|Unable to lock/.test(run.stderr ?? "");
    if (!lockHeld || Date.now() > giveUpAt) {
      process.stderr.write(run.stderr ?? "");
      throw new Error(`apt-get ${args.join(" ")} failed`);
    }
    pause(LOCK_RETRY_MS);
  }
}

/** Runs `apt-get update` then `apt-get install` of the package, printing apt's output. */
export function aptInstall(debianPackage, { extraArgs = [] } = {}) {
  console.log(`No ${debianPackage} found: installing Debian's package (apt-get install ${debianPackage})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive", RUNLEVEL: "1" };
  aptGet(["update", "-qq"], env);
  aptGet(["install", "-y", "-qq", ...extraArgs, debianPackage], env);
}
