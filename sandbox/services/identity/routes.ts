import { graphql } from "graphql";
import { Hono } from "hono";
import { z } from "zod";
import { type SandboxContext } from "../../context";
import { readJsonBody } from "../../http/requests";
import { identityRoot } from "./resolvers";
import { identitySchema } from "./schema";

export const IDENTITY_PREFIX = "/identity";

const requestSchema = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

/**
 * The identity API: GraphQL over HTTP with a real executor. A body that is not a GraphQL request is a 400; every
 * GraphQL error (syntax, validation, resolver) is a 200 with `errors`, as GraphQL servers answer.
 */
export function identityRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const rootValue = identityRoot(ctx);

  app.post("/query", async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return c.json({ errors: [{ message: "json request body could not be decoded" }] }, 400);
    const request = requestSchema.safeParse(body.value);
    if (!request.success) {
      return c.json({ errors: [{ message: "a GraphQL request needs a string `query`" }] }, 400);
    }
    const result = await graphql({
      schema: identitySchema,
      source: request.data.query,
      rootValue,
      contextValue: ctx,
      variableValues: request.data.variables ?? undefined,
      operationName: request.data.operationName ?? undefined,
    });
    return c.json(result);
  });

  return app;
}
