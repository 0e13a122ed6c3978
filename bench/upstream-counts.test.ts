import { describe, expect, it } from "vitest";
import { NO_REQUESTS, classifyRoutes, describeCounts, perView } from "./upstream-counts";

describe("classifyRoutes", () => {
  it("groups the sandbox's route keys by purpose", () => {
    const counts = classifyRoutes({
      "POST /auth/auth/web3/generate_challenge": 2,
      "POST /auth/auth/web3/submit_challenge": 2,
      "GET /auth/keys": 1,
      "POST /token-exchange/v1/tokens/exchange": 3,
      "POST /identity/query": 4,
      "GET /trips/v1/vehicle/:tokenId/trips": 50,
      "POST /telemetry/query": 10,
      "GET /valuations/v1/vehicles/:tokenId/valuations": 1,
    });
    expect(counts).toEqual({ total: 73, auth: 4, exchanges: 3, identity: 4, trips: 50, telemetry: 10, other: 2 });
  });

  it("counts nothing for no requests", () => {
    expect(classifyRoutes({})).toEqual(NO_REQUESTS);
  });
});

describe("perView", () => {
  it("divides every figure by the number of views", () => {
    expect(perView({ total: 20, auth: 0, exchanges: 0, identity: 0, trips: 10, telemetry: 0, other: 10 }, 10)).toEqual({
      total: 2,
      auth: 0,
      exchanges: 0,
      identity: 0,
      trips: 1,
      telemetry: 0,
      other: 1,
    });
  });

  it("refuses zero views", () => {
    expect(() => perView(NO_REQUESTS, 0)).toThrow(RangeError);
  });
});

describe("describeCounts", () => {
  it("names what the total is made of", () => {
    expect(describeCounts({ total: 5, auth: 2, exchanges: 1, identity: 1, trips: 1, telemetry: 0, other: 0 })).toBe(
      "5 (2 auth, 1 exchange, 1 identity, 1 trips)",
    );
    expect(describeCounts({ total: 54, auth: 2, exchanges: 1, identity: 1, trips: 50, telemetry: 0, other: 0 })).toBe(
      "54 (2 auth, 1 exchange, 1 identity, 50 trips)",
    );
    expect(describeCounts({ total: 12, auth: 0, exchanges: 0, identity: 0, trips: 2, telemetry: 10, other: 0 })).toBe(
      "12 (2 trips, 10 telemetry)",
    );
    expect(describeCounts(NO_REQUESTS)).toBe("0");
  });
});
