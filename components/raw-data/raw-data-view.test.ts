import { describe, expect, it } from "vitest";
import { fromFieldValue, rawDataHref, rawEventsAroundHref, readRawDataView, toFieldValue } from "./raw-data-view";

describe("the Raw data tab's URL", () => {
  it("reads back the view it wrote, filter and page alike", () => {
    const view = {
      filter: {
        type: "dimo.status",
        source: "0xConn",
        producer: "did:x",
        from: "2026-06-01T10:00:00.000Z",
        to: "2026-06-01T11:00:00.000Z",
      },
      before: "2026-06-01T10:30:00.123456Z",
    };
    const href = rawDataHref(7, view);
    expect(href.startsWith("/vehicles/7/raw?")).toBe(true);
    expect(readRawDataView(new URL(href, "http://x").searchParams)).toEqual(view);
  });

  it("leaves out empty parts, and reads a page's searchParams object too", () => {
    expect(rawDataHref(7, { filter: { type: "" } })).toBe("/vehicles/7/raw");
    expect(readRawDataView({ type: ["dimo.status", "other"], source: "  ", before: undefined })).toEqual({
      filter: { type: "dimo.status" },
    });
  });

  it("links a reading to the status events in the ten minutes around it", () => {
    const href = rawEventsAroundHref(7, "2026-06-01T10:00:00Z");
    expect(readRawDataView(new URL(href, "http://x").searchParams)).toEqual({
      filter: { type: "dimo.status", from: "2026-06-01T09:55:00.000Z", to: "2026-06-01T10:05:00.000Z" },
    });
  });
});

describe("the time fields", () => {
  it("round-trips a time to the minute in UTC and in the local zone", () => {
    const iso = "2026-06-01T10:07:00.000Z";
    expect(toFieldValue(iso, "utc")).toBe("2026-06-01T10:07");
    expect(fromFieldValue("2026-06-01T10:07", "utc")).toBe(iso);
    expect(fromFieldValue(toFieldValue(iso, "local"), "local")).toBe(iso);
  });

  it("takes nothing for an empty or malformed field", () => {
    expect(fromFieldValue("", "utc")).toBeUndefined();
    expect(fromFieldValue("2026-06-01", "local")).toBeUndefined();
    expect(toFieldValue(undefined, "utc")).toBe("");
    expect(toFieldValue("not a time", "utc")).toBe("");
  });
});
