"use server";
import "server-only";
import { AppFailure } from "@/lib/result";
import { guarded } from "@/lib/server/guard";
import { rotateInboxSecret } from "@/lib/server/inbox";
import { noInput } from "@/lib/server/inputs";

/**
 * Rotating the inbox's secret cuts off everyone who knew the old address, webhooks aimed at it included, so it is the
 * license owner's decision alone: an admin is refused here, whatever the page showed.
 */
const OWNER_ONLY = new AppFailure({
  code: "FORBIDDEN",
  message: "Only the license owner can give the inbox a new address.",
  retryable: false,
});

/** A new secret for the inbox: the old address answers 404 from now on. */
export const rotateInboxSecretAction = guarded(
  noInput,
  async function rotateInboxSecretAction(_input, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    await rotateInboxSecret();
    return null;
  },
  { change: { kind: "inbox.rotate" } },
);
