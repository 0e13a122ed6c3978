import { execute, type GraphQLError } from "graphql";
import { Hono } from "hono";
import { z } from "zod";
import { type JWTPayload } from "jose";
import { type SandboxContext } from "../../context";
import { chargeTelemetryQuery } from "../credit-tracker/telemetry-charge";
import { InvalidTokenError } from "../../keys/tokens";
import { documentCache } from "../../graphql/document-cache";
import { readJsonBody } from "../../http/requests";
import { type TelemetryClaims, telemetryClaims } from "./access";
import { COMPLEXITY_LIMIT, operationComplexity } from "./complexity";
import { installTelemetryResolvers, type TelemetryContext } from "./resolvers";
import { telemetrySchema } from "./schema";

export const TELEMETRY_PREFIX = "/telemetry";

const requestSchema = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

installTelemetryResolvers(telemetrySchema);
const checkedDocument = documentCache(telemetrySchema);

const withCode = (error: GraphQLError, code: string) => ({
  ...error.toJSON(),
  extensions: { ...error.extensions, code },
});

/**
 * The Telemetry API: GraphQL over HTTP with a real executor, checked as DIMO's service checks it. Its JWT middleware
 * makes credentials optional: no Authorization header passes (every guarded field then fails with "jwt missing"), a
 * header that is not `Bearer <token>` is a 500, and a token that does not verify (signature, audience, expiry by the
 * sandbox clock) is a 401 `{"message":"JWT is invalid."}` before any GraphQL runs. Parse and validation errors are
 * 422, as gqlgen answers them, and so is an operation over the complexity limit (./complexity.ts); resolver errors
 * are 200 with `errors` and the rest of `data`.
 */
export function telemetryRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();

  app.post("/query", async (c) => {
    let claims: TelemetryClaims | null = null;
    let payload: JWTPayload | null = null;
    const header = c.req.header("authorization");
    if (header !== undefined && header !== "") {
      const parts = header.trim().split(/\s+/);
      if (parts.length !== 2 || parts[0]?.toLowerCase() !== "bearer") {
        return c.json({ message: "Something went wrong while checking the JWT." }, 500);
      }
      try {
        payload = await ctx.vehicleTokens.verify(parts[1] as string);
        claims = telemetryClaims(payload);
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
      }
      if (!claims) return c.json({ message: "JWT is invalid." }, 401);
    }

    const body = await readJsonBody(c);
    if (!body.ok) return c.json({ errors: [{ message: "json request body could not be decoded" }], data: null }, 400);
    const request = requestSchema.safeParse(body.value);
    if (!request.success)
      return c.json({ errors: [{ message: "a GraphQL request needs a string `query`" }], data: null }, 400);

    const checked = checkedDocument(request.data.query);
    if (!checked.ok) {
      const code = checked.stage === "parse" ? "GRAPHQL_PARSE_FAILED" : "GRAPHQL_VALIDATION_FAILED";
      return c.json({ errors: checked.errors.map((e) => withCode(e, code)), data: null }, 422);
    }
    const { document } = checked;
    const complexity = operationComplexity(document, request.data.operationName);
    if (complexity > COMPLEXITY_LIMIT) {
      const message = `operation has complexity ${complexity}, which exceeds the limit of ${COMPLEXITY_LIMIT}`;
      return c.json({ errors: [{ message, extensions: { code: "COMPLEXITY_LIMIT_EXCEEDED" } }], data: null }, 422);
    }

    const contextValue: TelemetryContext = { sandbox: ctx, claims, nowUs: ctx.clock.nowMs() * 1000 };
    const result = await execute({
      schema: telemetrySchema,
      document,
      contextValue,
      variableValues: request.data.variables ?? undefined,
      operationName: request.data.operationName ?? undefined,
    });
    // No `data` at all means the variables or the operation were refused before execution.
    if (!("data" in result)) {
      return c.json(
        { errors: (result.errors ?? []).map((e) => withCode(e, "GRAPHQL_VALIDATION_FAILED")), data: null },
        422,
      );
    }
    chargeTelemetryQuery(ctx, payload, claims?.tokenId ?? null, result);
    return c.json(result);
  });

  return app;
}
