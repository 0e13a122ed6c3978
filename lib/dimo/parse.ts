import "server-only";
import { type z } from "zod";
import { invalidResponse } from "./errors";
import { type DimoService, serviceName } from "@/lib/protocol";

/**
 * Parses a response body with its schema. A mismatch becomes a DimoError that names the fields but never their
 * values (a value could be a token).
 */
export function parseResponse<T extends z.ZodType>(
  schema: T,
  body: unknown,
  service: DimoService,
  what: string,
): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? issue.path.join(".") : "body"))
    .join(", ");
  throw invalidResponse(service, `${serviceName(service)} sent an unreadable ${what} (${fields})`);
}
