import "server-only";
import { notFound, redirect } from "next/navigation";
import { type Result } from "@/lib/result";

/**
 * A guarded read's data for a server page, which cannot show a Result itself: no session goes to the sign-in page,
 * an unknown vehicle or a malformed id to the not-found page, and anything else to the segment's error boundary
 * (whose message the browser sees only as a digest).
 */
export function dataForPage<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  switch (result.error.code) {
    case "UNAUTHENTICATED":
      redirect("/login");
    case "INVALID_INPUT":
    case "VEHICLE_NOT_FOUND":
    case "VEHICLE_NOT_SHARED":
      notFound();
    default:
      throw new Error(result.error.message);
  }
}
