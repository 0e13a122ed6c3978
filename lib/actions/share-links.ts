"use server";
import "server-only";
import { guarded } from "@/lib/server/guard";
import { saveShareLink, shareLinkInput } from "@/lib/server/share-links";
import { landingInput, recordLanding } from "@/lib/server/share-links-history";

/** The Get vehicles page's one change: a share link kept with its name, once the server finds nothing DIMO would refuse. */
export const saveShareLinkAction = guarded(
  shareLinkInput,
  async function saveShareLinkAction(input, { session }) {
    return saveShareLink(input, session.address);
  },
  { change: { kind: "share-link.keep", describe: (input) => ({ detail: `Kept the share link "${input.name}"` }) } },
);

/**
 * The landing page's one change: what an owner's return through a share link brought, recorded once the signed-in
 * person confirms it, checked with DIMO again. A POST, so a link from another site cannot make it.
 */
export const confirmLandingAction = guarded(
  landingInput,
  async function confirmLandingAction(input) {
    return recordLanding(input);
  },
  { viewers: "refused" },
);
