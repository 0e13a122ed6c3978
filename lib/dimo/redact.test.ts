import { describe, expect, it } from "vitest";
import { LOGGED_BODY_MAX, redact, redactBody, redactHeaders } from "./redact";

describe("redact", () => {
  it("removes JWTs, bearer headers, keys, signatures and query strings", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
    const key = "ea".repeat(32);
    const signature = `0x${"1f".repeat(65)}`;
    const text = `token ${jwt} Bearer abc.def key 0x${key} sig ${signature} url https://a.test/p?client_id=1&sig=2 end`;
    const clean = redact(text);
    for (const secret of [jwt, key, signature, "abc.def", "client_id=1"]) expect(clean).not.toContain(secret);
    expect(clean).toContain("https://a.test/p?[redacted]");
    expect(clean).toMatch(/end$/);
  });

  it("keeps addresses and DIDs readable", () => {
    const text =
      "Address 0x52D52df587cB2E014Ae81495D88c71c819779923 lacks permissions [4] for asset did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:7.";
    expect(redact(text)).toBe(text);
  });

  it("removes known secrets however they appear, and shortens long text", () => {
    expect(redact("the key is s3cr3t-value!", ["s3cr3t-value"])).toBe("the key is [redacted]!");
    expect(redact("x".repeat(1_000)).length).toBeLessThanOrEqual(301);
  });
});

describe("redactBody", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
  const signature = `0x${"1f".repeat(65)}`;

  it("removes tokens, signatures and secret fields from JSON and form bodies", () => {
    const json = JSON.stringify({
      access_token: "opaque-token-value",
      token: jwt,
      state: "s1",
      tokenId: 7,
      nested: { client_secret: 'sh"h' },
    });
    const { body } = redactBody(json);
    for (const secret of ["opaque-token-value", jwt, 'sh\\"h']) expect(body).not.toContain(secret);
    expect(JSON.parse(body)).toEqual({
      access_token: "[redacted]",
      token: "[redacted]",
      state: "s1",
      tokenId: 7,
      nested: { client_secret: "[redacted]" },
    });

    const form = `client_id=0xabc&domain=http%3A%2F%2Flocalhost&state=s1&signature=${signature}`;
    expect(redactBody(form).body).toBe("client_id=0xabc&domain=http%3A%2F%2Flocalhost&state=s1&signature=[redacted]");
  });

  it("removes known secrets, then cuts to the limit and says so", () => {
    const apiKey = `0x${"ab".repeat(32)}`;
    expect(redactBody(`{"note":"${apiKey.slice(2)}"}`, [apiKey.slice(2)]).body).toBe('{"note":"[redacted]"}');
    const long = redactBody(`${jwt} ${"x".repeat(5_000)}`, [], 100);
    expect(long.truncated).toBe(true);
    expect(long.body).toHaveLength(100);
    expect(long.body.startsWith("[redacted token]")).toBe(true);
    expect(redactBody("short").truncated).toBe(false);
  });

  it("keeps a body of the default limit at most LOGGED_BODY_MAX characters", () => {
    expect(redactBody("y".repeat(LOGGED_BODY_MAX * 3)).body).toHaveLength(LOGGED_BODY_MAX);
  });
});

describe("redactHeaders", () => {
  it("hides credentials by name and secrets by value, and bounds the rest", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
    const headers = redactHeaders([
      ["Authorization", `Bearer ${jwt}`],
      ["Set-Cookie", "session=abc"],
      ["X-Refresh-Token", "r1"],
      ["Content-Type", "application/json"],
      ["Link", `<https://a.test/next?sig=1>; rel=next ${jwt}`],
      ["X-Long", "z".repeat(1_000)],
    ]);
    expect(headers.authorization).toBe("Bearer [redacted]");
    expect(headers["set-cookie"]).toBe("[redacted]");
    expect(headers["x-refresh-token"]).toBe("[redacted]");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers.link).toBe("<https://a.test/next?[redacted] rel=next [redacted token]");
    expect(headers["x-long"]?.length).toBeLessThanOrEqual(201);
    expect(JSON.stringify(headers)).not.toContain(jwt);
  });

  it("keeps at most sixteen headers", () => {
    const many = Array.from({ length: 40 }, (_, index): [string, string] => [`x-h${index}`, "v"]);
    expect(Object.keys(redactHeaders(many))).toHaveLength(16);
  });
});
