import { describe, expect, it } from "vitest";
import { ActionFailure, describeFailure, unwrapAction } from "./action-result";

describe("unwrapAction", () => {
  it("returns the data of a success, null included", () => {
    expect(unwrapAction({ ok: true, data: { price: 1 } })).toEqual({ price: 1 });
    expect(unwrapAction({ ok: true, data: null })).toBeNull();
  });

  it("throws the server's error, words and retry advice intact", () => {
    const error = { code: "UNAVAILABLE", message: "DIMO's valuations service is not answering (503).", retryable: true };
    expect(() => unwrapAction({ ok: false, error })).toThrow(ActionFailure);
    try {
      unwrapAction({ ok: false, error });
    } catch (thrown) {
      expect(describeFailure(thrown)).toEqual(error);
    }
  });
});

describe("describeFailure", () => {
  it("treats anything but an ActionFailure as a lost connection worth retrying, without its details", () => {
    const described = describeFailure(new TypeError("Failed to fetch: secret-ish detail"));
    expect(described.code).toBe("DASHBOARD_UNREACHABLE");
    expect(described.retryable).toBe(true);
    expect(described.message).not.toContain("secret-ish");
  });
});
