import "server-only";
import { type z } from "zod";
import { type DashboardSession, getSession } from "@/lib/auth/session";
import { describeError } from "@/lib/dimo/describe-error";
import { isDimoError } from "@/lib/dimo/errors";
import { redact } from "@/lib/dimo/redact";

/**
 * The one wrapper every server action is built with. Server actions are public POST endpoints, so each one checks
 * the session itself, first, then validates its input, and only then does its work. The result is always a plain
 * object the page can show: data, or an error in words for people (never a stack, a token or an upstream body).
 */

export interface ActionError {
  code: string;
  message: string;
  retryable: boolean;
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export interface ActionContext {
  session: DashboardSession;
}

const UNAUTHENTICATED: ActionError = {
  code: "UNAUTHENTICATED",
  message: "You are not signed in, or your session has ended. Sign in again.",
  retryable: false,
};

export function defineAction<S extends z.ZodType, T>(
  inputSchema: S,
  handler: (input: z.output<S>, context: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  const name = handler.name || "action";
  return async (input) => {
    const session = await getSession();
    if (session === null) return { ok: false, error: UNAUTHENTICATED };

    const parsed = inputSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "The input is not valid.";
      return { ok: false, error: { code: "INVALID_INPUT", message, retryable: false } };
    }

    try {
      return { ok: true, data: await handler(parsed.data, { session }) };
    } catch (error) {
      if (!isDimoError(error)) {
        const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
        console.error(`[${name}] unexpected error: ${redact(detail)}`);
      }
      return { ok: false, error: describeError(error) };
    }
  };
}
