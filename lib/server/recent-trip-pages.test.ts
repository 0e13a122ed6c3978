import { describe, expect, it } from "vitest";
import type { TripsPage } from "@/lib/models";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { makeTrip } from "@/test-support/trips";
import { RECENT_PAGE_TTL_MS, RecentTripPages } from "./recent-trip-pages";

/** The kept trips pages: one license's vehicle's page is never another's, and none outlives its lifetime. */

const LICENSE = "0xAbC0000000000000000000000000000000000001";
const OTHER_LICENSE = "0xdef0000000000000000000000000000000000002";
const pageOf = (tokenId: number, page: number): TripsPage => ({
  trips: [makeTrip({ id: `trip-${tokenId}-${page}` })],
  totalPages: 5,
  currentPage: page,
});

function setUp() {
  let now = 1_000_000;
  const store = new MemoryKeyValueStore(() => now);
  return {
    store,
    pages: new RecentTripPages(store, LICENSE),
    advance: (ms: number) => (now += ms),
  };
}

describe("RecentTripPages", () => {
  it("gives back the page kept for that vehicle and page number only", async () => {
    const { pages } = setUp();
    await pages.remember(21957, 2, pageOf(21957, 2));
    expect(await pages.recall(21957, 2)).toEqual(pageOf(21957, 2));
    expect(await pages.recall(21957, 3)).toBeNull();
    expect(await pages.recall(17001, 2)).toBeNull();
  });

  it("keeps each license's pages apart in a store they share", async () => {
    const { store, pages } = setUp();
    await pages.remember(21957, 2, pageOf(21957, 2));
    expect(await new RecentTripPages(store, OTHER_LICENSE).recall(21957, 2)).toBeNull();
    expect(await new RecentTripPages(store, LICENSE.toLowerCase()).recall(21957, 2)).toEqual(pageOf(21957, 2));
  });

  it("forgets a page at the end of its lifetime", async () => {
    const { pages, advance } = setUp();
    await pages.remember(21957, 2, pageOf(21957, 2));
    advance(RECENT_PAGE_TTL_MS - 1);
    expect(await pages.recall(21957, 2)).not.toBeNull();
    advance(1);
    expect(await pages.recall(21957, 2)).toBeNull();
  });

  it("forgets a page when told, and a newer read replaces an older one", async () => {
    const { pages } = setUp();
    await pages.remember(21957, 2, pageOf(21957, 2));
    await pages.remember(21957, 2, pageOf(99, 2));
    expect(await pages.recall(21957, 2)).toEqual(pageOf(99, 2));
    await pages.forget(21957, 2);
    expect(await pages.recall(21957, 2)).toBeNull();
  });

  it("treats what it cannot read as nothing kept", async () => {
    const { store, pages } = setUp();
    await store.set(`trips-page:${LICENSE.toLowerCase()}:21957:2`, "{not json", RECENT_PAGE_TTL_MS);
    expect(await pages.recall(21957, 2)).toBeNull();
    await store.set(`trips-page:${LICENSE.toLowerCase()}:21957:2`, '{"trips":"none"}', RECENT_PAGE_TTL_MS);
    expect(await pages.recall(21957, 2)).toBeNull();
  });
});
