import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LONG_TASK_MS } from "./budgets";
import { hasMapCode } from "./javascript";

/**
 * How much of a map page's main-thread time is the map's: Lighthouse's long tasks and script boot-up times, each
 * attributed by Lighthouse to the script it ran in, added up for the build's MapLibre chunks. WebGL's calls are made
 * from MapLibre's code, so software rendering's cost on the main thread lands there too.
 */

interface LongTask {
  url?: string;
  duration: number;
}

interface AuditDetails {
  items?: readonly Record<string, unknown>[];
  /** The long-tasks audit keeps every long task here; its table shows the longest few. */
  debugData?: { urls?: readonly string[]; tasks?: readonly { urlIndex: number; duration: number }[] };
}

export interface MapShareAudit {
  numericValue?: number;
  details?: AuditDetails;
}

interface MapShareAudits {
  audits: Record<string, MapShareAudit | undefined>;
}

export interface MapShare {
  /** The map's long tasks' time past 50 ms each, and its share of every long task's. */
  blockingMs: number;
  blockingShare: number;
  /** The map's scripts' main-thread time (boot-up), and its share of all the main thread's work. */
  cpuMs: number;
  cpuShare: number;
}

/** The file names of the build's chunks that carry MapLibre, recognised by its control class names. */
export function mapChunkNames(buildFolder: string): Set<string> {
  const chunks = join(buildFolder, "static", "chunks");
  const names = new Set<string>();
  for (const entry of readdirSync(chunks, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    if (hasMapCode(readFileSync(join(entry.parentPath, entry.name), "utf8"))) names.add(entry.name);
  }
  return names;
}

/** Whether a script's address is one of the named chunks. */
export const isChunkOf =
  (names: ReadonlySet<string>) =>
  (url: string | undefined): boolean => {
    if (!url) return false;
    const file = url.split(/[?#]/)[0]?.split("/").pop() ?? "";
    return names.has(file);
  };

function longTasks(details: AuditDetails | undefined): LongTask[] {
  const debug = details?.debugData;
  if (debug?.tasks && debug.urls)
    return debug.tasks.map((task) => ({ url: debug.urls?.[task.urlIndex], duration: task.duration }));
  return (details?.items ?? []).map((item) => ({
    url: typeof item.url === "string" ? item.url : undefined,
    duration: Number(item.duration) || 0,
  }));
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

export function mapShare(report: MapShareAudits, isMapScript: (url: string | undefined) => boolean): MapShare {
  const tasks = longTasks(report.audits["long-tasks"]?.details);
  const blocking = (task: LongTask) => Math.max(0, task.duration - LONG_TASK_MS);
  const allBlocking = tasks.reduce((sum, task) => sum + blocking(task), 0);
  const blockingMs = tasks.filter((task) => isMapScript(task.url)).reduce((sum, task) => sum + blocking(task), 0);
  const bootUp = report.audits["bootup-time"]?.details?.items ?? [];
  const cpuMs = bootUp
    .filter((item) => isMapScript(typeof item.url === "string" ? item.url : undefined))
    .reduce((sum, item) => sum + (Number(item.total) || 0), 0);
  const mainThreadMs = report.audits["mainthread-work-breakdown"]?.numericValue ?? 0;
  return { blockingMs, blockingShare: share(blockingMs, allBlocking), cpuMs, cpuShare: share(cpuMs, mainThreadMs) };
}
