import "server-only";
import { describeError } from "@/lib/dimo/describe-error";
import { isDimoError } from "@/lib/dimo/errors";
import { redact } from "@/lib/dimo/redact";
import { type AppError } from "@/lib/result";

/** A request that was stopped on purpose (the browser went away, cancel was pressed): neither a failure nor news. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** DIMO's refusals are expected and already in words; anything else is a bug worth one (redacted) log line. */
export function logUnexpected(error: unknown, where: string): void {
  if (isDimoError(error) || isAbort(error)) return;
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[${where}] unexpected error: ${redact(detail)}`);
}

/** Anything a guarded function threw, as words for people; only DIMO's own errors say more than "unexpected". */
export function toFailure(error: unknown, where: string): AppError {
  logUnexpected(error, where);
  return describeError(error);
}
