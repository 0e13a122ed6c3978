import { execute, type GraphQLError } from "graphql";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type SandboxContext } from "../../context";
import { documentCache } from "../../graphql/document-cache";
import { readJsonBody } from "../../http/requests";
import { InvalidTokenError } from "../../keys/tokens";
import { type TelemetryClaims, telemetryClaims } from "../telemetry/access";
import { COMPLEXITY_LIMIT, operationComplexity } from "../telemetry/complexity";
import { checkBlobAddress } from "./blobs";
import { diagnosticScan } from "./documents";
import { type FetchContext, installFetchResolvers } from "./resolvers";
import { fetchSchema } from "./schema";

export const FETCH_PREFIX = "/fetch";

const requestSchema = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});
type GraphQLRequest = z.infer<typeof requestSchema>;

installFetchResolvers(fetchSchema);
const checkedDocument = documentCache(fetchSchema);

const withCode = (error: GraphQLError, code: string) => ({
  ...error.toJSON(),
  extensions: { ...error.extensions, code },
});

type Claims = { ok: true; claims: TelemetryClaims | null } | { ok: false; response: Response };

/**
 * The JWT middleware of DIMO's fetch-api (go-jwt-middleware, credentials optional): no Authorization header passes
 * with no claims, a header that is not `Bearer <token>` is a 500, and a token that does not verify is a 401.
 */
async function readClaims(ctx: SandboxContext, c: Context): Promise<Claims> {
  const header = c.req.header("authorization");
  if (header === undefined || header === "") return { ok: true, claims: null };
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]?.toLowerCase() !== "bearer") {
    return { ok: false, response: c.json({ message: "Something went wrong while checking the JWT." }, 500) };
  }
  let claims: TelemetryClaims | null = null;
  try {
    claims = telemetryClaims(await ctx.vehicleTokens.verify(parts[1] as string));
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
  }
  return claims ? { ok: true, claims } : { ok: false, response: c.json({ message: "JWT is invalid." }, 401) };
}

async function runQuery(ctx: SandboxContext, c: Context, request: GraphQLRequest, claims: TelemetryClaims | null) {
  const checked = checkedDocument(request.query);
  if (!checked.ok) {
    const code = checked.stage === "parse" ? "GRAPHQL_PARSE_FAILED" : "GRAPHQL_VALIDATION_FAILED";
    return c.json({ errors: checked.errors.map((e) => withCode(e, code)), data: null }, 422);
  }
  const { document } = checked;
  const complexity = operationComplexity(document, request.operationName);
  if (complexity > COMPLEXITY_LIMIT) {
    const message = `operation has complexity ${complexity}, which exceeds the limit of ${COMPLEXITY_LIMIT}`;
    return c.json({ errors: [{ message, extensions: { code: "COMPLEXITY_LIMIT_EXCEEDED" } }], data: null }, 422);
  }
  const url = new URL(c.req.url);
  const contextValue: FetchContext = {
    sandbox: ctx,
    claims,
    nowUs: ctx.clock.nowMs() * 1000,
    baseUrl: `${url.origin}${FETCH_PREFIX}`,
  };
  const result = await execute({
    schema: fetchSchema,
    document,
    contextValue,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
  // No `data` at all means the variables or the operation were refused before execution.
  if (!("data" in result)) {
    return c.json(
      { errors: (result.errors ?? []).map((e) => withCode(e, "GRAPHQL_VALIDATION_FAILED")), data: null },
      422,
    );
  }
  return c.json(result);
}

const S3_ERROR = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

const BLOB_SUBJECT = /^blobs\/(did:erc721:137:0x[0-9a-fA-F]{40}:(\d+))\//;

/**
 * DIMO's Fetch API: raw CloudEvents over GraphQL at `/query` (POST, or GET with the query in the address, as gqlgen
 * serves both), and the presigned downloads of payloads too large to inline. Resolver errors are 200 with `errors`;
 * parse and validation errors 422; an operation over the complexity limit of 100 is refused whole.
 */
export function fetchRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post("/query", async (c) => {
    const claims = await readClaims(ctx, c);
    if (!claims.ok) return claims.response;
    const body = await readJsonBody(c);
    if (!body.ok) return c.json({ errors: [{ message: "json request body could not be decoded" }], data: null }, 400);
    const request = requestSchema.safeParse(body.value);
    if (!request.success)
      return c.json({ errors: [{ message: "a GraphQL request needs a string `query`" }], data: null }, 400);
    return runQuery(ctx, c, request.data, claims.claims);
  });

  app.get("/query", async (c) => {
    const claims = await readClaims(ctx, c);
    if (!claims.ok) return claims.response;
    let variables: unknown = undefined;
    const rawVariables = c.req.query("variables");
    try {
      if (rawVariables) variables = JSON.parse(rawVariables);
    } catch {
      return c.json({ errors: [{ message: "variables could not be decoded" }], data: null }, 422);
    }
    const request = requestSchema.safeParse({
      query: c.req.query("query"),
      variables,
      operationName: c.req.query("operationName"),
    });
    if (!request.success)
      return c.json({ errors: [{ message: "a GraphQL request needs a string `query`" }], data: null }, 400);
    return runQuery(ctx, c, request.data, claims.claims);
  });

  app.get("/blobs/:key", (c) => {
    const key = c.req.param("key");
    const check = checkBlobAddress(ctx, key, {
      date: c.req.query("X-Amz-Date"),
      expires: c.req.query("X-Amz-Expires"),
      signature: c.req.query("X-Amz-Signature"),
    });
    const subject = BLOB_SUBJECT.exec(key);
    if (!check.ok || !subject) {
      const { code, message } = check.ok ? { code: "NoSuchKey", message: "The specified key does not exist." } : check;
      return c.body(S3_ERROR(code, message), check.ok ? 404 : 403, { "Content-Type": "application/xml" });
    }
    const payload = diagnosticScan(Number(subject[2]), subject[1] as string);
    return c.json(payload, 200, { "Cache-Control": "private, max-age=900" });
  });

  return app;
}
