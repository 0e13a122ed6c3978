import { describe, expect, it } from "vitest";
import { describeError } from "./describe-error";
import { DIMO_SERVICES, serviceName } from "@/lib/protocol";
import { type DimoErrorCode } from "@/lib/result";
import { DimoError, type DimoErrorInit } from "./errors";

const error = (init: Partial<DimoErrorInit>) =>
  new DimoError({ service: "trips", status: null, code: "HTTP_ERROR", message: "m", retryable: false, ...init });

describe("describeError", () => {
  it("says a busy service is not answering, with its status, and that trying again may help", () => {
    expect(describeError(error({ status: 503, code: "UNAVAILABLE", retryable: true }))).toEqual({
      code: "UNAVAILABLE",
      message: "DIMO's trips service is not answering (503). Try again in a moment.",
      retryable: true,
    });
    expect(
      describeError(error({ service: "valuations", status: 429, code: "RATE_LIMITED", retryable: true })).message,
    ).toBe("DIMO's valuations service is receiving too many requests (429). Try again in a few seconds.");
  });

  it("passes on the words written for people where the error was raised", () => {
    const message =
      "This vehicle's grant does not include Location history (privilege 4), which trips need. Ask the owner to share it.";
    expect(describeError(error({ code: "PRIVILEGE_MISSING", message })).message).toBe(message);
  });

  it("says a failure on DIMO's side is theirs, without inviting a retry that will not help", () => {
    const described = describeError(
      error({ service: "valuations", status: 500, code: "UPSTREAM_ERROR", retryable: false }),
    );
    expect(described).toMatchObject({ code: "UPSTREAM_ERROR", retryable: false });
    expect(described.message).toMatch(
      /^DIMO's valuations service failed while answering \(500\)\. The fault is on DIMO's side\./,
    );
    expect(described.message).not.toMatch(/try again/i);
  });

  it("explains timeouts and unreachable services", () => {
    expect(describeError(error({ code: "TIMEOUT", retryable: true })).message).toBe(
      "DIMO's trips service took too long to answer. Try again in a moment.",
    );
    expect(describeError(error({ service: "identity", code: "NETWORK_ERROR" })).message).toMatch(
      /could not reach DIMO's identity service/,
    );
  });

  it("points at the setting to check when authentication fails", () => {
    const signature = error({
      service: "auth",
      status: 400,
      code: "BAD_REQUEST",
      upstreamMessage: "Could not verify signature.",
    });
    expect(describeError(signature).message).toMatch(/DIMO_API_KEY/);
    const client = error({ service: "auth", status: 404, code: "NOT_FOUND", upstreamMessage: "Invalid client_id." });
    expect(describeError(client).message).toMatch(/DIMO_CLIENT_ID/);
    const domain = error({
      service: "auth",
      status: 400,
      code: "BAD_REQUEST",
      upstreamMessage: "Unregistered redirect_uri.",
    });
    expect(describeError(domain).message).toMatch(/DIMO_DOMAIN/);
    const license = error({
      service: "tokenExchange",
      status: 403,
      code: "FORBIDDEN",
      upstreamMessage: "not a dev license: 0x12",
    });
    expect(describeError(license).message).toMatch(/DIMO_CLIENT_ID/);
  });

  it("quotes a short upstream reason for other refusals", () => {
    const refused = error({
      service: "valuations",
      status: 400,
      code: "BAD_REQUEST",
      upstreamMessage: "Couldn't parse token id.",
    });
    expect(describeError(refused).message).toMatch(
      /^DIMO's valuations service refused the request \(400\): Couldn't parse token id\. /,
    );
  });

  it("says nothing of the inside for errors that are not DimoErrors", () => {
    const described = describeError(new Error("secret stack detail"));
    expect(described.code).toBe("INTERNAL");
    expect(described.message).not.toContain("secret");
    expect(describeError("thrown string").code).toBe("INTERNAL");
  });
});

describe("describeError names the failed call", () => {
  it("carries the activity entry's id, when the call was logged", () => {
    const error = new DimoError({
      service: "trips",
      status: 500,
      code: "UPSTREAM_ERROR",
      message: "trips GET / answered 500",
      retryable: false,
    });
    expect(describeError(error).callId).toBeUndefined();
    error.callId = "k1-ab-2";
    expect(describeError(error)).toMatchObject({ code: "UPSTREAM_ERROR", callId: "k1-ab-2" });
  });
});

describe("describeError says to try again exactly when the error is retryable", () => {
  const codes: DimoErrorCode[] = [
    "BAD_REQUEST",
    "UNAUTHORIZED",
    "FORBIDDEN",
    "NOT_FOUND",
    "METHOD_NOT_ALLOWED",
    "RATE_LIMITED",
    "UPSTREAM_ERROR",
    "UNAVAILABLE",
    "TIMEOUT",
    "NETWORK_ERROR",
    "INVALID_RESPONSE",
    "HTTP_ERROR",
  ];
  const statusOf: Partial<Record<DimoErrorCode, number>> = {
    BAD_REQUEST: 400,
    UNAUTHORIZED: 401,
    FORBIDDEN: 403,
    NOT_FOUND: 404,
    METHOD_NOT_ALLOWED: 405,
    RATE_LIMITED: 429,
    UPSTREAM_ERROR: 500,
    UNAVAILABLE: 503,
    HTTP_ERROR: 418,
  };

  for (const service of DIMO_SERVICES) {
    for (const code of codes) {
      for (const retryable of [true, false]) {
        it(`${service} ${code}, ${retryable ? "retryable" : "not retryable"}`, () => {
          const status = statusOf[code] ?? null;
          const described = describeError(error({ service, status, code, retryable, upstreamMessage: "reason" }));
          expect(described.retryable).toBe(retryable);
          expect(/try again/i.test(described.message), described.message).toBe(retryable);
          // What failed: the service by name, and the status when one came back (the license's own settings aside).
          // The identity API's not-found words and the token exchange's refusals are written for people elsewhere.
          const writtenElsewhere =
            (service === "identity" && code === "NOT_FOUND") || (service === "tokenExchange" && code === "FORBIDDEN");
          if (!writtenElsewhere) {
            expect(described.message).toContain(`DIMO's ${serviceName(service)} service`);
            if (status !== null) expect(described.message).toContain(`(${status})`);
          }
        });
      }
    }
  }

  it("words written where the error was raised never invite a retry", () => {
    for (const code of [
      "PRIVILEGE_MISSING",
      "VEHICLE_NOT_SHARED",
      "VEHICLE_NOT_FOUND",
      "OFFER_ALREADY_REQUESTED",
    ] as const) {
      const message = "Ask the owner to share it.";
      expect(describeError(error({ code, message })).message).toBe(message);
    }
    expect(describeError(new Error("boom")).message).not.toMatch(/try again/i);
  });
});
