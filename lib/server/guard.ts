import "server-only";
import { type z } from "zod";
import { type DashboardSession, getSession } from "@/lib/auth/session";
import { CHANGE_KINDS, type ChangeKind } from "@/lib/models/audit";
import { AppFailure, type Result, UNAUTHENTICATED, fail, invalidInput, ok, toAppError } from "@/lib/result";
import { recordChange } from "./audit/record";
import { toFailure } from "./failure";

/**
 * The one wrapper every entry point that reads or acts for a signed-in developer is built with: server actions
 * (lib/actions/), the reads that pages and route handlers share (lib/server/), and so the page's prefetch, the route
 * handler and the browser's action all pass the same checks. Server actions and routes are public endpoints, so each
 * call checks the session itself, first, then validates its input, and only then does its work. The result is always
 * a plain `Result` the page can show: data, or an error in words for people (never a stack, a token or an upstream
 * body).
 *
 * An entry point that changes something says so (`{ change: { kind } }`): a viewer is refused before its handler runs,
 * and each change that succeeds is recorded with who made it (lib/server/audit/). Reads stay open to every role.
 */

export interface GuardContext {
  session: DashboardSession;
  /** Aborts when the caller went away; only route handlers pass one (a server action's arguments come from the browser). */
  signal: AbortSignal | undefined;
}

export interface GuardOptions {
  signal?: AbortSignal;
}

/** What an entry point that changes something declares: the kind of change, and what the record says of one. */
export interface ChangeRule<In, T> {
  kind: ChangeKind;
  /** The change's target (an id, never a secret) and its words; without it the record says the kind alone. */
  describe?: (input: In, result: T) => { target?: string; detail: string };
}

export interface GuardRules<In, T> {
  /** Set on every entry point that changes something; absent on reads. */
  change?: ChangeRule<In, T>;
  /**
   * "refused" for an entry point a viewer may not call though the record lists no change of it: one that hands out a
   * raw token, or replaces a cached one. Every `change` refuses viewers too.
   */
  viewers?: "refused";
}

const VIEWER_REFUSAL = new AppFailure({
  code: "FORBIDDEN",
  message: "Viewers can look but not change anything: ask the license owner or an admin to make this change.",
  retryable: false,
});

/** Marks a guarded function, so the session test can find every one of them by module. */
export const GUARDED = Symbol.for("dimo-dashboard.guarded");

/** A function that takes no input may be called with none. */
type GuardedArgs<In> = undefined extends In
  ? [input?: In, options?: GuardOptions]
  : [input: In, options?: GuardOptions];

export type Guarded<In, T> = ((...args: GuardedArgs<In>) => Promise<Result<T>>) & {
  [GUARDED]: true;
  /** Whether a viewer may call it (the entry-point tests call each as a viewer). */
  forViewers: "open" | "refused";
};

export function guarded<S extends z.ZodType, T>(
  inputSchema: S,
  handler: (input: z.output<S>, context: GuardContext) => Promise<T>,
  rules: GuardRules<z.output<S>, T> = {},
): Guarded<z.input<S>, T> {
  const change = rules.change;
  const forViewers: "open" | "refused" = change || rules.viewers === "refused" ? "refused" : "open";
  const name = handler.name || "guarded";
  const run = async (...[input, options]: GuardedArgs<z.input<S>>): Promise<Result<T>> => {
    const session = await getSession();
    if (session === null) return fail(UNAUTHENTICATED);
    if (forViewers === "refused" && session.role === "viewer") return fail(toAppError(VIEWER_REFUSAL));

    const parsed = inputSchema.safeParse(input);
    if (!parsed.success) return fail(invalidInput(parsed.error.issues[0]?.message ?? "The input is not valid."));

    // A browser calling a server action could pass anything as a second argument; only a real signal counts.
    const signal = options?.signal instanceof AbortSignal ? options.signal : undefined;
    try {
      const result = await handler(parsed.data, { session, signal });
      if (change) {
        const { target, detail } = change.describe?.(parsed.data, result) ?? { detail: CHANGE_KINDS[change.kind] };
        await recordChange({
          actor: { address: session.address, signedInWith: session.signedInWith },
          role: session.role,
          kind: change.kind,
          ...(target !== undefined ? { target } : {}),
          detail,
        });
      }
      return ok(result);
    } catch (error) {
      // A refusal the handler put in words itself (not the license owner, say) is passed on as it is.
      if (error instanceof AppFailure) return fail(toAppError(error));
      return fail(toFailure(error, name));
    }
  };
  return Object.assign(run, { [GUARDED]: true as const, forViewers });
}
