import { describe, expect, it } from "vitest";
import { type AppError, fail, ok } from "@/lib/result";
import { pageResult } from "./page-data";

/** What a page does with a guarded read's result: Next.js's own redirect and not-found signals, a crash, or the result. */

const error = (code: AppError["code"], retryable = false): AppError => ({
  code,
  message: `${code} in words`,
  retryable,
});

/** The digest Next.js gives the error that `redirect()` or `notFound()` throws; undefined for anything else. */
function digestOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (thrown) {
    return (thrown as { digest?: string }).digest ?? `plain: ${(thrown as Error).message}`;
  }
  return undefined;
}

describe("pageResult", () => {
  it("passes data through", () => {
    expect(pageResult(ok([1, 2]))).toEqual({ ok: true, data: [1, 2] });
  });

  it("sends a missing session to the sign-in page", () => {
    expect(digestOf(() => pageResult(fail(error("UNAUTHENTICATED"))))).toMatch(/^NEXT_REDIRECT;.*;\/login;/);
  });

  it("answers a malformed id or an unknown or unshared vehicle with the not-found page", () => {
    for (const code of ["INVALID_INPUT", "VEHICLE_NOT_FOUND", "VEHICLE_NOT_SHARED"] as const) {
      expect(
        digestOf(() => pageResult(fail(error(code)))),
        code,
      ).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    }
  });

  it("leaves a failure of the dashboard itself to the crash page", () => {
    expect(digestOf(() => pageResult(fail(error("INTERNAL"))))).toBe("plain: INTERNAL in words");
  });

  it("returns DIMO's failures, so the page shows them in the app's frame with the call that failed", () => {
    for (const failure of [
      error("UPSTREAM_ERROR"),
      error("UNAVAILABLE", true),
      { ...error("RATE_LIMITED", true), callId: "k1" },
    ]) {
      expect(pageResult(fail(failure))).toEqual({ ok: false, error: failure });
    }
  });
});
