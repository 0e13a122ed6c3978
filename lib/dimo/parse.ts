import "server-only";
import { type z } from "zod";
import { type DimoService } from "@/lib/config";
import { DimoError } from "./errors";
import { SERVICE_NAMES } from "./service-names";

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
  throw new DimoError({
    service,
    status: null,
    code: "INVALID_RESPONSE",
    message: `${SERVICE_NAMES[service]} sent an unreadable ${what} (${fields})`,
    retryable: false,
  });
}
