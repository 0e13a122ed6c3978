"use server";
import "server-only";
import { guarded } from "@/lib/server/guard";
import { saveShareLink, shareLinkInput } from "@/lib/server/share-links";

/** The Get vehicles page's one change: a share link kept with its name, once the server finds nothing DIMO would refuse. */
export const saveShareLinkAction = guarded(shareLinkInput, async function saveShareLinkAction(input, { session }) {
  return saveShareLink(input, session.address);
});
