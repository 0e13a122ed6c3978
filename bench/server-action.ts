import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A server action's id, as the browser finds it in the page's JavaScript: here from the build's manifest. */
export function actionId(exportedName: string): string {
  const manifest = JSON.parse(readFileSync(join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName)?.[0];
  if (!id) throw new Error(`no server action ${exportedName} in the build`);
  return id;
}
