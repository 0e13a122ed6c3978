import { describe, expect, it } from "vitest";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { LOGGED_BODY_MAX, REDACT_LOOKAHEAD, redact, redactBody, redactHeaders } from "./redact";
import { MemoryTokenCache, StoreTokenCache } from "./token-cache";

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

  it("looks for a known secret of 8 characters or more, and keeps text of up to 300 whole", () => {
    expect(redact("key: Ab3De6Gh.", ["Ab3De6Gh"])).toBe("key: [redacted].");
    expect(redact("key: Ab3De6G.", ["Ab3De6G"])).toBe("key: Ab3De6G.");
    expect(redact("y".repeat(300))).toBe("y".repeat(300));
    expect(redact("y".repeat(301))).toBe(`${"y".repeat(300)}…`);
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

  it("scans a long body only near what it keeps, still removing a secret that the cut splits", () => {
    const apiKey = "cd".repeat(32);
    // The JWT and the known key start just before the cut and end after it; the rest of the body is never kept.
    const tail = "y".repeat(REDACT_LOOKAHEAD * 3);
    for (const secret of [jwt, apiKey]) {
      const { body, truncated } = redactBody(`${"x".repeat(95)}${secret} ${tail}`, [apiKey], 100);
      expect(truncated).toBe(true);
      expect(body).toHaveLength(100);
      expect(body).not.toContain(secret.slice(0, 5));
      expect(body.slice(95)).toBe("[reda");
    }
    // Past the scanned part, nothing is kept to leak: the body is cut at the limit all the same.
    const late = redactBody(`${"x".repeat(2 * REDACT_LOOKAHEAD)}${jwt}`, [], 100);
    expect(late).toEqual({ body: "x".repeat(100), truncated: true });
  });

  it("scrubs the whole body when redactions pull the unscanned edge next to what is kept", () => {
    // Long known secrets shrink to a word each, and the scanned part ends inside one of them: that half secret, which
    // matches nothing, moves up into what is kept unless the whole body is scrubbed.
    const known = "k".repeat(2_000);
    const body = Array.from({ length: Math.ceil(REDACT_LOOKAHEAD / known.length) + 1 }, () => known).join(" ");
    const kept = redactBody(`${body} end`, [known], 200);
    expect(kept.truncated).toBe(false);
    expect(kept.body).not.toContain("kkk");
    expect(kept.body.endsWith("[redacted] end")).toBe(true);
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

describe("redact: secrets glued to other text", () => {
  const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg";
  const key = "c0ffee".repeat(10) + "beef";

  it("removes a JWT that follows a word character", () => {
    const clean = redact(`prefix jwt_${jwt} suffix`);
    expect(clean).not.toContain(jwt);
    expect(clean).toBe("prefix jwt_[redacted token] suffix");
  });

  it("removes a JWT inside a URL-encoded query", () => {
    const clean = redact(`redirect_uri=https%3A%2F%2Fa.test%2Fcb%3Ftoken%3D${jwt}%26state%3Ds1`);
    expect(clean).not.toContain(jwt);
    expect(clean).toContain("state%3Ds1");
  });

  it("removes a 64-hex key that follows a word character", () => {
    expect(key).toHaveLength(64);
    const clean = redact(`key_${key} and apikey${key.toUpperCase()}`);
    expect(clean).not.toContain(key);
    expect(clean).not.toContain(key.toUpperCase());
  });
});

describe("redact: secret-named fields", () => {
  it("removes the value of every secret-named JSON field, however short and whatever its shape", () => {
    const body = JSON.stringify({
      accessToken: "abc",
      idToken: "i1",
      refresh_token: "r1",
      apiKey: "k1",
      api_key: "k2",
      clientSecret: "s1",
      client_secret: "s2",
      secret: "s3",
      password: "hunter2",
      Authorization: "Basic dXNlcjpwYXNz",
      signature: "sig",
      privateKey: "p1",
      token: 12345,
    });
    const clean = redactBody(body).body;
    const parsed = JSON.parse(clean) as Record<string, unknown>;
    for (const [name, value] of Object.entries(parsed)) expect(value, name).toBe("[redacted]");
    for (const secret of ["abc", "i1", "r1", "k1", "k2", "s1", "s2", "s3", "hunter2", "dXNlcjpwYXNz", "sig", "p1"])
      expect(clean).not.toContain(`"${secret}"`);
    expect(clean).not.toContain("12345");
  });

  it("removes secret-named fields inside JSON quoted in a string", () => {
    const body = JSON.stringify({ message: `bad body ${JSON.stringify({ accessToken: "opaque1", tokenId: 5 })}` });
    const clean = redactBody(body).body;
    expect(clean).not.toContain("opaque1");
    expect(clean).toContain('\\"tokenId\\":5');
  });

  it("removes secret-named form fields, plain or URL-encoded, wherever they start", () => {
    expect(redact("x=1&accessToken=abc&page=2")).toBe("x=1&accessToken=[redacted]&page=2");
    expect(redact("next%3Fapi_key%3Dk1%26page%3D2")).toBe("next%3Fapi_key%3D[redacted]%26page%3D2");
    expect(redact("sent password=hunter2 then")).toBe("sent password=[redacted] then");
  });

  it("keeps ordinary data readable", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const body = JSON.stringify({
      tokenId: 21957,
      tokenDID: "did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:21957",
      vin: "1HGCM82633A004352",
      token_type: "Bearer",
      expires_in: 3600,
      state: "s1",
      page: 2,
      hash,
    });
    const parsed = JSON.parse(redactBody(body).body) as Record<string, unknown>;
    // A 64-hex value is treated as a key wherever it appears: a transaction hash is hidden with the rest.
    expect(parsed).toEqual({ ...JSON.parse(body), hash: "[redacted key]" });
    expect(redact("invalid token: expired; tokenId=7 page=3")).toBe("invalid token: expired; tokenId=7 page=3");
    expect(redact("monkeyJump.a.b")).toBe("monkeyJump.a.b");
  });
});

describe("redact: tokens the caches hold", () => {
  // A token whose header was not written as compact JSON: it does not start with eyJ, so no pattern knows it.
  const spacedHeader = Buffer.from('{ "alg": "ES256" }').toString("base64url");
  const signature = "Zx9Kq2Lm8Vb3Nc7Hd5Fg1Jk4Pq6Rs0Tu2Vw8Xy3Za5Bc7De9Fg";
  const vehicleJwt = `${spacedHeader}.eyJ0b2tlbl9pZCI6MjE5NTd9.${signature}`;

  it("removes a token held by the in-memory cache, not JWT-shaped, and its signature alone", async () => {
    expect(vehicleJwt.startsWith("eyJ")).toBe(false);
    const cache = new MemoryTokenCache(() => 0);
    await cache.set("dimo:vehicle:k", { token: vehicleJwt, expMs: 60_000 }, 60_000);
    expect(redact(`exchange said ${vehicleJwt} is bad`)).toBe("exchange said [redacted] is bad");
    expect(redact(`bad signature ${signature}`)).toBe("bad signature [redacted]");
    expect(redactBody(`{"echo":"x${vehicleJwt}x"}`).body).not.toContain(vehicleJwt);
  });

  it("holds a token of 8 characters or more, and looks for a signature of 16 or more on its own", async () => {
    const cache = new MemoryTokenCache(() => 0);
    const store = async (token: string) => cache.set(`dimo:edge:${token}`, { token, expMs: 60_000 }, 60_000);
    await store("Qw7Er8Ty");
    await store("Qw7Er8T");
    expect(redact("a Qw7Er8Ty b Qw7Er8T c")).toBe("a [redacted] b Qw7Er8T c");
    await store("head.Mn4Bv6Cx8Za2Sd5F");
    await store("head.Lk3Jh5Gf7Ds9Ap1");
    expect(redact("alone: Mn4Bv6Cx8Za2Sd5F and Lk3Jh5Gf7Ds9Ap1")).toBe("alone: [redacted] and Lk3Jh5Gf7Ds9Ap1");
  });

  it("removes an opaque token another instance stored in the shared cache, once this one reads it", async () => {
    const opaque = "v2.local.opaque-developer-token-value";
    const store = new MemoryKeyValueStore(() => 0);
    await store.set("dimo:developer:k", JSON.stringify({ token: opaque, expMs: 60_000 }), 60_000);
    expect((await new StoreTokenCache(store, () => 0).get("dimo:developer:k"))?.token).toBe(opaque);
    expect(redact(`auth said ${opaque}`)).toBe("auth said [redacted]");
  });
});
