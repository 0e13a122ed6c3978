import { type PrivilegeId } from "@/lib/protocol";
import { parseShareLinkUrl } from "./link";
import { accessPrivileges, filterWords } from "./preview";

/**
 * A share link as it is kept: its name and URL, who made it and when. Everything else (what it asks, until when, for
 * which vehicles) is read back from the URL, so the record cannot say something the link does not.
 */

export interface SavedShareLink {
  id: string;
  name: string;
  url: string;
  createdAt: string;
  createdBy: string;
}

export interface SavedShareLinkView extends SavedShareLink {
  privileges: PrivilegeId[];
  templateId: string | null;
  expirationDate: string | null;
  filters: string[];
}

export function savedShareLinkView(saved: SavedShareLink): SavedShareLinkView {
  const parsed = parseShareLinkUrl(saved.url);
  if (!parsed.ok) return { ...saved, privileges: [], templateId: null, expirationDate: null, filters: [] };
  const { link } = parsed;
  return {
    ...saved,
    privileges: accessPrivileges(link.access),
    templateId: link.access.kind === "template" ? link.access.templateId : null,
    expirationDate: link.expirationDate ?? null,
    filters: filterWords(link),
  };
}
