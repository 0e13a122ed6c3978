import { describe, expect, it } from "vitest";
import { EMPTY_ROSTER_QUERY, type RosterQuery, parseRosterQuery, rosterSearch, writeRosterQuery } from "./query";

const parse = (search: string) => parseRosterQuery(new URLSearchParams(search));

describe("parseRosterQuery", () => {
  it("reads the search, the privileges held, the grant filter, the sort and the page", () => {
    expect(
      parse("q=tesla+2022&privilege=4&privilege=1&privilege=4&powertrain=BEV&grant=ending&sort=year&page=3"),
    ).toEqual({
      query: { q: "tesla 2022", privileges: [1, 4], powertrains: ["BEV"], grant: "ending", sort: "year", page: 3 },
      notices: [],
    });
    expect(parse("")).toEqual({ query: EMPTY_ROSTER_QUERY, notices: [] });
  });

  it("drops what the list does not know, saying so, and keeps the rest", () => {
    const { query, notices } = parse(
      "q=ford&privilege=9&privilege=x&powertrain=STEAM&grant=soon&sort=colour&page=-2&colour=red",
    );
    expect(query).toEqual({ ...EMPTY_ROSTER_QUERY, q: "ford" });
    expect(notices).toEqual([
      "The list has no filter “colour”, so it was ignored.",
      "“9” is not a privilege the list can filter on, so it was ignored.",
      "“x” is not a privilege the list can filter on, so it was ignored.",
      "“STEAM” is not a powertrain the list knows, so it was ignored.",
      "“soon” is not a grant the list knows, so it was ignored.",
      "“colour” is not a sort the list knows, so it was ignored.",
      "“-2” is not a page number, so the list opens at its first page.",
    ]);
  });

  it.each([["1.5"], ["0"], ["1e3"], ["abc"], [""], ["99999999999999999999"]])("refuses the page %j", (page) => {
    const { query, notices } = parse(`page=${page}`);
    expect(query.page).toBe(1);
    expect(notices).toHaveLength(1);
  });

  it("ignores a search too long or holding control characters, with a notice", () => {
    expect(parse(`q=${"a".repeat(200)}`)).toMatchObject({ query: { q: "a".repeat(200) }, notices: [] });
    expect(parse(`q=${"a".repeat(201)}`).query.q).toBe("");
    expect(parse(`q=${"a".repeat(201)}`).notices[0]).toMatch(/longer than 200 characters/);
    expect(parse("q=tes%00la").query.q).toBe("");
    expect(parse("q=tes%00la").notices[0]).toMatch(/cannot be typed/);
  });
});

describe("writeRosterQuery", () => {
  it("leaves the defaults out, so the plain list is /vehicles", () => {
    expect(rosterSearch(EMPTY_ROSTER_QUERY)).toBe("");
    expect(rosterSearch({ ...EMPTY_ROSTER_QUERY, q: "  " })).toBe("");
    expect(rosterSearch({ ...EMPTY_ROSTER_QUERY, q: "tesla" })).toBe("?q=tesla");
  });

  it("round-trips through parseRosterQuery", () => {
    const query: RosterQuery = {
      q: "model 3",
      privileges: [1, 5],
      powertrains: ["BEV", "PHEV"],
      grant: "ended",
      sort: "expiry",
      page: 2,
    };
    const written = writeRosterQuery(query);
    expect(written.toString()).toBe(
      "q=model+3&privilege=1&privilege=5&powertrain=BEV&powertrain=PHEV&grant=ended&sort=expiry&page=2",
    );
    expect(parseRosterQuery(written)).toEqual({ query, notices: [] });
  });
});
