import { formatStableUtc } from "@/lib/format/time";
import { type EndedGrant } from "@/lib/share-links";

/**
 * How a grant the dashboard saw has ended, in words that claim no more than is known: DIMO's identity API lists only
 * live grants, so beyond what DIMO's login reported (a revocation) and the end date recorded, it cannot say more.
 */
export function endedGrantHeadline(grant: EndedGrant): string {
  const day = grant.at ? formatStableUtc(grant.at, "date") : null;
  switch (grant.ending) {
    case "revoked":
      return `Revoked by its owner${day ? ` on ${day}` : ""}`;
    case "expired":
      return `Grant expired${day ? ` on ${day}` : ""}`;
    case "ended-early":
      return `No longer shared${day ? `, though its grant ran until ${day}` : ""}`;
  }
}

export function endedGrantDetail(grant: EndedGrant): string {
  const via = grant.link ? ` It came through the link ${grant.link}.` : "";
  const back =
    " Only its owner can share it again: send them a share link (Get vehicles), or ask them to share it from the " +
    "DIMO app. Until then DIMO answers none of the license's requests for it.";
  switch (grant.ending) {
    case "revoked":
      return `Its owner revoked the license's grant in DIMO's login.${via}${back}`;
    case "expired":
      return `The grant the owner gave ran out.${via}${back}`;
    case "ended-early":
      return (
        "DIMO no longer lists a grant to this license on it. Its owner most likely revoked it; DIMO's API does " +
        `not say how a grant ended.${via}${back}`
      );
  }
}
