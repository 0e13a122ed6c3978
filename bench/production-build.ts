import { spawnSync } from "node:child_process";
import { hasProductionBuild } from "@/test-support/servers";

/** Runs `next build` when there is no production build to start; a build that exists is used as it is. */
export function ensureProductionBuild(log: (text: string) => void = console.log): void {
  if (hasProductionBuild()) return;
  log("no production build (.next/BUILD_ID): running next build…");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
}
