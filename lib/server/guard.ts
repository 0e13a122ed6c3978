import "server-only";
import { type z } from "zod";
import { type DashboardSession, getSession } from "@/lib/auth/session";
import { AppFailure, type Result, UNAUTHENTICATED, fail, invalidInput, ok, toAppError } from "@/lib/result";
import { toFailure } from "./failure";

/**
 * The one wrapper every entry point that reads or acts for a signed-in developer is built with: server actions
 * (lib/actions/), the reads that pages and route handlers share (lib/server/), and so the page's prefetch, the route
 * handler and the browser's action all pass the same checks. Server actions and routes are public endpoints, so each
 * call checks the session itself, first, then validates its input, and only then does its work. The result is always
 * a plain `Result` the page can show: data, or an error in words for people (never a stack, a token or an upstream
 * body).
 */

export interface GuardContext {
  session: DashboardSession;
  /** Aborts when the caller went away; only route handlers pass one (a server action's arguments come from the browser). */
  signal: AbortSignal | undefined;
}

export interface GuardOptions {
  signal?: AbortSignal;
}

/** Marks a guarded function, so the session test can find every one of them by module. */
export const GUARDED = Symbol.for("dimo-dashboard.guarded");

/** A function that takes no input may be called with none. */
type GuardedArgs<In> = undefined extends In
  ? [input?: In, options?: GuardOptions]
  : [input: In, options?: GuardOptions];

export type Guarded<In, T> = ((...args: GuardedArgs<In>) => Promise<Result<T>>) & { [GUARDED]: true };

export function guarded<S extends z.ZodType, T>(
  inputSchema: S,
  handler: (input: z.output<S>, context: GuardContext) => Promise<T>,
): Guarded<z.input<S>, T> {
  const name = handler.name || "guarded";
  const run = async (...[input, options]: GuardedArgs<z.input<S>>): Promise<Result<T>> => {
    const session = await getSession();
    if (session === null) return fail(UNAUTHENTICATED);

    const parsed = inputSchema.safeParse(input);
    if (!parsed.success) return fail(invalidInput(parsed.error.issues[0]?.message ?? "The input is not valid."));

    // A browser calling a server action could pass anything as a second argument; only a real signal counts.
    const signal = options?.signal instanceof AbortSignal ? options.signal : undefined;
    try {
      return ok(await handler(parsed.data, { session, signal }));
    } catch (error) {
      // A refusal the handler put in words itself (not the license owner, say) is passed on as it is.
      if (error instanceof AppFailure) return fail(toAppError(error));
      return fail(toFailure(error, name));
    }
  };
  return Object.assign(run, { [GUARDED]: true as const });
}
