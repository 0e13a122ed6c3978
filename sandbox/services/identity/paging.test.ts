import { describe, expect, it } from "vitest";
import { encodeCursor, paginate } from "./paging";

const items = [50, 40, 30, 20, 10];
const page = (args: Parameters<typeof paginate>[2]) => paginate(items, (n) => n, args);

describe("paginate", () => {
  it("takes from the front with first, from the back with last", () => {
    expect(page({ first: 2 }).nodes).toEqual([50, 40]);
    expect(page({ last: 2 }).nodes).toEqual([20, 10]);
    expect(page({ first: 0 }).nodes).toEqual([]);
    expect(page({ first: 100 }).nodes).toEqual(items);
  });

  it("keeps keys below an after cursor and above a before cursor, even for keys not in the list", () => {
    expect(page({ first: 10, after: encodeCursor(40) }).nodes).toEqual([30, 20, 10]);
    expect(page({ first: 10, after: encodeCursor(35) }).nodes).toEqual([30, 20, 10]);
    expect(page({ last: 10, before: encodeCursor(20) }).nodes).toEqual([50, 40, 30]);
    expect(page({ first: 10, after: encodeCursor(50), before: encodeCursor(10) }).nodes).toEqual([40, 30, 20]);
  });

  it("says truthfully whether items lie before and after the page", () => {
    expect(page({ first: 2, after: encodeCursor(40) }).pageInfo).toEqual({
      startCursor: encodeCursor(30),
      endCursor: encodeCursor(20),
      hasPreviousPage: true,
      hasNextPage: true,
    });
    expect(page({ first: 5 }).pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    expect(page({ first: 0 }).pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true, startCursor: null });
  });

  it("counts the whole list", () => {
    expect(page({ first: 1, after: encodeCursor(20) }).totalCount).toBe(5);
  });

  it("refuses cursors that are not base64 of a decimal key", () => {
    expect(() => page({ first: 1, after: "@@@" })).toThrow("invalid cursor");
    expect(() => page({ first: 1, after: Buffer.from("abc").toString("base64") })).toThrow("invalid cursor");
  });
});
