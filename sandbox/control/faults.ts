import { z } from "zod";

/**
 * Injected faults: a method and a path glob (`*` = one segment, `**` = any number of segments) with a status to
 * answer instead of the real handler, a latency to add, or both, for a number of requests (0 = until cleared).
 * `graphqlField` narrows a fault to GraphQL requests that select that top-level field: every identity query shares one
 * path, and a fault meant for the vehicle list must not be spent by a license lookup running beside it.
 */
export const faultInputSchema = z
  .object({
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, "method must be an HTTP method name")
      .transform((m) => m.toUpperCase())
      .optional(),
    path: z.string().min(1).max(500),
    graphqlField: z
      .string()
      .regex(/^[_A-Za-z][_0-9A-Za-z]*$/, "graphqlField must be a GraphQL field name")
      .optional(),
    status: z.number().int().min(200).max(599).optional(),
    body: z.union([z.string().max(65_536), z.record(z.string(), z.unknown())]).optional(),
    headers: z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "invalid header name"), z.string()).optional(),
    latencyMs: z.number().finite().min(0).max(120_000).optional(),
    times: z.number().int().min(0).default(1),
  })
  .strict()
  .refine((fault) => fault.status !== undefined || fault.latencyMs !== undefined, {
    message: "a fault needs a status, a latencyMs, or both",
  });

export type FaultInput = z.infer<typeof faultInputSchema>;

export interface Fault extends FaultInput {
  id: string;
  /** Requests left before the fault clears itself; null while it lasts until cleared. */
  remaining: number | null;
}

/** Compiles a path glob to an anchored regular expression over the full request path. */
export function globToRegExp(glob: string): RegExp {
  const segments = (glob.startsWith("/") ? glob.slice(1) : glob).split("/");
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  const body = segments
    .map((segment) => (segment === "**" ? "(?:/[^/]*)*" : `/${escape(segment).replace(/\*/g, "[^/]*")}`))
    .join("");
  return new RegExp(`^${body}$`);
}

export class FaultRegistry {
  private faults: { fault: Fault; pattern: RegExp }[] = [];
  private nextId = 1;

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, id: `fault-${this.nextId++}`, remaining: input.times === 0 ? null : input.times };
    this.faults.push({ fault, pattern: globToRegExp(input.path) });
    return fault;
  }

  list(): Fault[] {
    return this.faults.map(({ fault }) => ({ ...fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter(({ fault }) => fault.id !== id);
    return this.faults.length !== before;
  }

  clear(): number {
    const count = this.faults.length;
    this.faults = [];
    return count;
  }

  /** Whether a fault that names a GraphQL field is waiting: only then is a request's body worth reading. */
  needsGraphqlFields(method: string, path: string): boolean {
    return this.faults.some(
      ({ fault, pattern }) => fault.graphqlField !== undefined && matchesRequest(fault, pattern, method, path),
    );
  }

  /**
   * The first fault matching the request, used up by one; undefined when none applies. `graphqlFields` are the
   * top-level fields the request selects, when it is a GraphQL request.
   */
  take(method: string, path: string, graphqlFields: readonly string[] = []): Fault | undefined {
    const index = this.faults.findIndex(
      ({ fault, pattern }) =>
        matchesRequest(fault, pattern, method, path) &&
        (fault.graphqlField === undefined || graphqlFields.includes(fault.graphqlField)),
    );
    const entry = this.faults[index];
    if (!entry) return undefined;
    if (entry.fault.remaining !== null) {
      entry.fault.remaining -= 1;
      if (entry.fault.remaining <= 0) this.faults.splice(index, 1);
    }
    return { ...entry.fault };
  }
}

function matchesRequest(fault: Fault, pattern: RegExp, method: string, path: string): boolean {
  return (fault.method === undefined || fault.method === method) && pattern.test(path);
}
