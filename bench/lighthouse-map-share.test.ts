import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MapShareAudit, isChunkOf, mapChunkNames, mapShare } from "./lighthouse-map-share";

const MAP_CHUNK = "http://127.0.0.1:3001/_next/static/chunks/0a1b2c.js";
const PAGE_CHUNK = "http://127.0.0.1:3001/_next/static/chunks/9f8e7d.js";
const isMapScript = isChunkOf(new Set(["0a1b2c.js"]));

describe("isChunkOf", () => {
  it("recognises a chunk by its file name, whatever its query", () => {
    expect(isMapScript(`${MAP_CHUNK}?dpl=1`)).toBe(true);
    expect(isMapScript(PAGE_CHUNK)).toBe(false);
    expect(isMapScript(undefined)).toBe(false);
  });
});

describe("mapChunkNames", () => {
  const build = mkdtempSync(join(tmpdir(), "map-chunks-"));
  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it("names the chunks that carry MapLibre's controls, in sub-folders too", () => {
    mkdirSync(join(build, "static", "chunks", "app"), { recursive: true });
    writeFileSync(join(build, "static", "chunks", "0a1b2c.js"), 'e.className="maplibregl-ctrl maplibregl-ctrl-group"');
    writeFileSync(join(build, "static", "chunks", "app", "page-1.js"), 'import("maplibre-gl")');
    writeFileSync(join(build, "static", "chunks", "app", "map-2.js"), 'x="maplibregl-canvas"');
    expect([...mapChunkNames(build)].sort()).toEqual(["0a1b2c.js", "map-2.js"]);
  });
});

describe("mapShare", () => {
  const audits = (
    longTasks: NonNullable<MapShareAudit["details"]>,
    bootUp: Record<string, unknown>[],
    mainThreadMs: number,
  ) => ({
    audits: {
      "long-tasks": { details: longTasks },
      "bootup-time": { details: { items: bootUp } },
      "mainthread-work-breakdown": { numericValue: mainThreadMs },
    },
  });

  it("adds up the map's long tasks past 50 ms and its scripts' time, from every long task Lighthouse kept", () => {
    const report = audits(
      {
        items: [{ url: MAP_CHUNK, duration: 250 }],
        debugData: {
          urls: [MAP_CHUNK, PAGE_CHUNK],
          tasks: [
            { urlIndex: 0, duration: 250 },
            { urlIndex: 0, duration: 150 },
            { urlIndex: 1, duration: 150 },
          ],
        },
      },
      [
        { url: MAP_CHUNK, total: 600 },
        { url: PAGE_CHUNK, total: 200 },
      ],
      2000,
    );
    expect(mapShare(report, isMapScript)).toEqual({ blockingMs: 300, blockingShare: 0.75, cpuMs: 600, cpuShare: 0.3 });
  });

  it("falls back on the long tasks' table, and gives shares of 0 when nothing blocked", () => {
    expect(mapShare(audits({ items: [{ url: MAP_CHUNK, duration: 120 }] }, [], 0), isMapScript)).toEqual({
      blockingMs: 70,
      blockingShare: 1,
      cpuMs: 0,
      cpuShare: 0,
    });
    expect(mapShare({ audits: {} }, isMapScript)).toEqual({ blockingMs: 0, blockingShare: 0, cpuMs: 0, cpuShare: 0 });
  });
});
