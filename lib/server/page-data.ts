import "server-only";
import { notFound, redirect } from "next/navigation";
import { type Result } from "@/lib/result";

/**
 * A guarded read's result for a server page. No session goes to the sign-in page; an unknown vehicle or a malformed
 * id to the not-found page; a failure of the dashboard itself (INTERNAL: a bug, already logged) to the segment's
 * error boundary, the crash page. What is left is data, or a DIMO failure in words, which the page shows in the
 * app's frame with `PageError` (service, status, what to do, a retry when it can help, the link to the call).
 */
export function pageResult<T>(result: Result<T>): Result<T> {
  if (result.ok) return result;
  switch (result.error.code) {
    case "UNAUTHENTICATED":
      redirect("/login");
    case "INVALID_INPUT":
    case "VEHICLE_NOT_FOUND":
    case "VEHICLE_NOT_SHARED":
      notFound();
    case "INTERNAL":
      throw new Error(result.error.message);
    default:
      return result;
  }
}
