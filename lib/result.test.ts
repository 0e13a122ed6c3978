import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppError, AppFailure, HTTP_STATUS, fetchJson, readErrorResponse, toAppError, unwrap } from "./result";

describe("unwrap", () => {
  it("returns the data of a success, null included", () => {
    expect(unwrap({ ok: true, data: { price: 1 } })).toEqual({ price: 1 });
    expect(unwrap({ ok: true, data: null })).toBeNull();
  });

  it("throws the server's error, words and retry advice intact", () => {
    const error: AppError = {
      code: "UNAVAILABLE",
      message: "DIMO's valuations service is not answering (503).",
      retryable: true,
    };
    expect(() => unwrap({ ok: false, error })).toThrow(AppFailure);
    try {
      unwrap({ ok: false, error });
    } catch (thrown) {
      expect(toAppError(thrown)).toEqual(error);
    }
  });
});

describe("toAppError", () => {
  it("treats anything but an AppFailure as a lost connection worth retrying, without its details", () => {
    const described = toAppError(new TypeError("Failed to fetch: secret-ish detail"));
    expect(described.code).toBe("DASHBOARD_UNREACHABLE");
    expect(described.retryable).toBe(true);
    expect(described.message).not.toContain("secret-ish");
  });
});

describe("HTTP_STATUS", () => {
  it("answers the caller's own faults with 4xx and DIMO's failures with 5xx", () => {
    expect(HTTP_STATUS.UNAUTHENTICATED).toBe(401);
    expect(HTTP_STATUS.INVALID_INPUT).toBe(400);
    expect(HTTP_STATUS.PRIVILEGE_MISSING).toBe(403);
    expect(HTTP_STATUS.VEHICLE_NOT_FOUND).toBe(404);
    expect(HTTP_STATUS.RATE_LIMITED).toBe(429);
    expect(HTTP_STATUS.INTERNAL).toBe(500);
    // A DIMO refusal of the dashboard's own token is not the browser's fault: a bad gateway, not a 401 that would
    // read as "sign in again".
    expect(HTTP_STATUS.UNAUTHORIZED).toBe(502);
  });
});

describe("reading a route's answer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the route's own error, and names the status when the body is something else", async () => {
    const error: AppError = { code: "PRIVILEGE_MISSING", message: "no", retryable: false };
    expect(await readErrorResponse(Response.json({ error }, { status: 403 }))).toEqual(error);
    expect(await readErrorResponse(new Response("<html>Bad gateway</html>", { status: 502 }))).toEqual({
      code: "HTTP_ERROR",
      message: "The dashboard's server answered 502. Try again in a moment.",
      retryable: true,
    });
    // A body that looks like an error but names no known code is not trusted.
    const untrusted = await readErrorResponse(
      Response.json({ error: { code: "EVIL", message: "x", retryable: false } }, { status: 400 }),
    );
    expect(untrusted).toMatchObject({ code: "HTTP_ERROR", retryable: false });
    // Not retryable, so it does not invite another try.
    expect(untrusted.message).toBe("The dashboard's server answered 400. Its log has the details.");
  });

  it("fetchJson returns the body, throws an AppFailure for an error, and a lost connection as unreachable", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValueOnce(Response.json({ trips: [] }));
    expect(await fetchJson("/api/x")).toEqual({ trips: [] });
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: "RATE_LIMITED", message: "slow down", retryable: true } }, { status: 429 }),
    );
    await expect(fetchJson("/api/x")).rejects.toMatchObject({
      name: "AppFailure",
      code: "RATE_LIMITED",
      message: "slow down",
    });
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(fetchJson("/api/x")).rejects.toMatchObject({ code: "DASHBOARD_UNREACHABLE" });
  });
});
