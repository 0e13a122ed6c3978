import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type DashboardSession } from "@/lib/auth/session";
import { DimoError } from "@/lib/dimo/errors";
import { guarded } from "./guard";
import { positiveWholeNumber } from "./inputs";

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
const input = z.object({ tokenId: positiveWholeNumber("tokenId") });

describe("guarded", () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    auth.session = SIGNED_IN;
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it("refuses without a session before validating or running anything", async () => {
    auth.session = null;
    const handler = vi.fn(async () => "ran");
    const action = guarded(input, handler);
    expect(await action({ tokenId: "abc" })).toEqual({
      ok: false,
      error: { code: "UNAUTHENTICATED", message: expect.stringMatching(/not signed in/), retryable: false },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses invalid input with a message that names the field", async () => {
    const handler = vi.fn(async () => "ran");
    const action = guarded(input, handler);
    for (const tokenId of ["abc", -1, "1e999", 1e999, 1.5, 0]) {
      expect(await action({ tokenId } as { tokenId: number })).toEqual({
        ok: false,
        error: { code: "INVALID_INPUT", message: "tokenId must be a positive whole number", retryable: false },
      });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it("hands the parsed input and the session to the handler and returns its data", async () => {
    const action = guarded(input, async ({ tokenId }, { session }) => ({ tokenId, who: session.address }));
    expect(await action({ tokenId: "42" as unknown as number })).toEqual({
      ok: true,
      data: { tokenId: 42, who: SIGNED_IN.address },
    });
  });

  it("turns a DimoError into words for people without logging it as unexpected", async () => {
    const action = guarded(input, async () => {
      throw new DimoError({ service: "trips", status: 503, code: "UNAVAILABLE", message: "x", retryable: true });
    });
    expect(await action({ tokenId: 1 })).toEqual({
      ok: false,
      error: {
        code: "UNAVAILABLE",
        message: "DIMO's trips service is not answering (503). Try again in a moment.",
        retryable: true,
      },
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it("logs an unexpected error without its secrets and returns a plain message", async () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    const action = guarded(input, async function failing() {
      throw new Error(`boom with ${jwt}`);
    });
    const result = await action({ tokenId: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: "INTERNAL", retryable: false } });
    expect(JSON.stringify(result)).not.toContain("boom");
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]?.[0]);
    expect(line).toContain("[failing] unexpected error");
    expect(line).toContain("boom with [redacted token]");
    expect(line).not.toContain(jwt);
  });
});

describe("guarded, called as a server action", () => {
  beforeEach(() => {
    auth.session = SIGNED_IN;
  });

  it("ignores a second argument that is not an AbortSignal (a browser can send anything)", async () => {
    const read = guarded(input, async ({ tokenId }, { signal }) => ({ tokenId, hasSignal: signal !== undefined }));
    const forged = { signal: { aborted: true } } as unknown as { signal: AbortSignal };
    expect(await read({ tokenId: 7 }, forged)).toEqual({ ok: true, data: { tokenId: 7, hasSignal: false } });
    expect(await read({ tokenId: 7 }, { signal: new AbortController().signal })).toEqual({
      ok: true,
      data: { tokenId: 7, hasSignal: true },
    });
  });
});
