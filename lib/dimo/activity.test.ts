import { beforeEach, describe, expect, it } from "vitest";
import { type ActivityEntry } from "@/lib/models";
import { ACTIVITY_LIMIT } from "@/lib/activity-filters";
import { clearActivity, listActivity, newActivityId, recordActivity, subscribeActivity } from "./activity";

function entry(n: number): ActivityEntry {
  return {
    id: newActivityId(),
    at: new Date(0).toISOString(),
    method: "GET",
    service: "trips",
    path: `/v1/vehicle/${n}/trips`,
    url: `http://127.0.0.1/trips/v1/vehicle/${n}/trips`,
    status: 200,
    durationMs: 1,
    attempts: 1,
    cache: "none",
  };
}

describe("activity log", () => {
  beforeEach(() => clearActivity());

  it("keeps the last 500 entries, oldest first", () => {
    for (let n = 1; n <= ACTIVITY_LIMIT + 20; n += 1) recordActivity(entry(n));
    const entries = listActivity();
    expect(entries).toHaveLength(ACTIVITY_LIMIT);
    expect(entries[0]?.path).toBe("/v1/vehicle/21/trips");
    expect(entries.at(-1)?.path).toBe(`/v1/vehicle/${ACTIVITY_LIMIT + 20}/trips`);
  });

  it("gives unique ids", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newActivityId()));
    expect(ids.size).toBe(100);
  });

  it("tells subscribers until they stop, and survives a broken one", () => {
    const seen: string[] = [];
    const stopBroken = subscribeActivity(() => {
      throw new Error("closed stream");
    });
    const stop = subscribeActivity((e) => seen.push(e.path));
    recordActivity(entry(1));
    stop();
    stopBroken();
    recordActivity(entry(2));
    expect(seen).toEqual(["/v1/vehicle/1/trips"]);
    expect(listActivity()).toHaveLength(2);
  });

  it("hands out copies, so callers cannot change the log", () => {
    recordActivity(entry(1));
    listActivity().pop();
    expect(listActivity()).toHaveLength(1);
  });
});
