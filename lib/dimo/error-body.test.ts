import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseErrorBody } from "./error-body";
import { DimoError } from "./errors";
import { dimoFetch } from "./http";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";

describe("parseErrorBody", () => {
  it("reads JSON {code, message}", () => {
    expect(parseErrorBody('{"code":401,"message":"Invalid or expired JWT"}')).toEqual({
      message: "Invalid or expired JWT",
      upstreamCode: undefined,
    });
  });

  it("keeps a string code", () => {
    expect(parseErrorBody('{"code":"NOT_FOUND","message":"gone"}')).toEqual({
      message: "gone",
      upstreamCode: "NOT_FOUND",
    });
  });

  it("reads {status, message}", () => {
    expect(parseErrorBody('{"status":400,"message":"Invalid scope."}').message).toBe("Invalid scope.");
  });

  it("reads OAuth {error, error_description}, and {error} alone", () => {
    expect(parseErrorBody('{"error":"invalid_client","error_description":"Invalid client credentials."}')).toEqual({
      message: "Invalid client credentials.",
      upstreamCode: "invalid_client",
    });
    expect(parseErrorBody('{"error":"unsupported_grant_type"}')).toEqual({
      message: "unsupported_grant_type",
      upstreamCode: "unsupported_grant_type",
    });
  });

  it("reads GraphQL errors[] with extensions.code", () => {
    const body = JSON.stringify({
      errors: [
        { message: "No vehicle with token id 5.", extensions: { code: "NOT_FOUND" } },
        { message: "second problem" },
      ],
      data: null,
    });
    expect(parseErrorBody(body)).toEqual({
      message: "No vehicle with token id 5.; second problem",
      upstreamCode: "NOT_FOUND",
    });
  });

  it("reads a text body", () => {
    expect(parseErrorBody("Invalid or expired JWT\n")).toEqual({
      message: "Invalid or expired JWT",
      upstreamCode: undefined,
    });
  });

  it("reads the words of an HTML error page, and gives no message for an empty body", () => {
    expect(parseErrorBody("<html><body>502 Bad Gateway</body></html>").message).toBe("502 Bad Gateway");
    const dexPage = `<!DOCTYPE html><html><head><title>dex</title><style>p { color: red }</style></head>
      <body><div class="theme-panel"><h2 class="theme-heading">Bad Request</h2>
      <p>Unregistered redirect_uri (&quot;https://x.example/&quot;).</p></div><script>var x = "<p>no</p>";</script></body></html>`;
    expect(parseErrorBody(dexPage).message).toBe('Bad Request Unregistered redirect_uri ("https://x.example/").');
    expect(parseErrorBody(`<html><body>${"word ".repeat(200)}</body></html>`).message?.length).toBe(300);
    expect(parseErrorBody("   ").message).toBeUndefined();
    expect(parseErrorBody("{}").message).toBeUndefined();
  });
});

describe("DimoError from each body shape over HTTP", () => {
  let server: StubServer;
  beforeAll(async () => {
    server = await startStubServer();
  });
  afterAll(() => server.close());

  const cases: Array<[string, number, unknown, Partial<DimoError>]> = [
    [
      "trips JSON",
      401,
      { code: 401, message: "Invalid or expired JWT" },
      { code: "UNAUTHORIZED", upstreamMessage: "Invalid or expired JWT" },
    ],
    [
      "real trips text",
      401,
      "Invalid or expired JWT",
      { code: "UNAUTHORIZED", upstreamMessage: "Invalid or expired JWT" },
    ],
    [
      "auth status",
      404,
      { status: 404, message: "Invalid client_id." },
      { code: "NOT_FOUND", upstreamMessage: "Invalid client_id." },
    ],
    [
      "OAuth",
      401,
      { error: "invalid_client", error_description: "Invalid client credentials." },
      { upstreamCode: "invalid_client" },
    ],
    [
      "GraphQL",
      422,
      { errors: [{ message: "bad field", extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }] },
      { code: "HTTP_ERROR", upstreamCode: "GRAPHQL_VALIDATION_FAILED" },
    ],
    ["exchange 403", 403, { code: 403, message: "not a dev license: 0x1234" }, { code: "FORBIDDEN", retryable: false }],
    ["HTML proxy page", 502, "<html>Bad Gateway</html>", { code: "UNAVAILABLE", upstreamMessage: "Bad Gateway" }],
    [
      "dex HTML page",
      404,
      "<html><body><h2>Not Found</h2><p>Invalid client_id.</p></body></html>",
      { code: "NOT_FOUND", upstreamMessage: "Not Found Invalid client_id." },
    ],
  ];

  for (const [name, status, body, expected] of cases) {
    it(`parses ${name}`, async () => {
      server.script(reply(status, body));
      const error = await dimoFetch(
        {
          fetch: (input, init) => globalThis.fetch(input, init),
          timeoutMs: 1_000,
          retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, retryAfterCapMs: 1 },
          onActivity: () => {},
          secrets: [],
        },
        { service: "auth", method: "POST", baseUrl: server.url, path: "/x", retry: "idempotent" },
      ).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DimoError);
      expect(error).toMatchObject({ status, ...expected });
    });
  }
});
