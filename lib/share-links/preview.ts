import { formatStableUtc } from "@/lib/format/time";
import { type PrivilegeId } from "@/lib/protocol";
import { POWERTRAIN_TYPES, type ShareAccess, type ShareLink } from "./link";
import { PERMISSION_TEMPLATES, missingFeatureWords, sharePermission, templatePrivileges } from "./permissions";

/** What an owner who opens the link is asked, in the words the builder's preview shows. */

export interface SharePreview {
  /** "Sandbox demo license asks to access your vehicles." */
  title: string;
  /** One line per permission asked, in plain words. */
  asks: string[];
  /** "Until 2027-05-01 (UTC)", or that DIMO's login would choose. */
  expiry: string;
  /** Which of the owner's vehicles the link offers: "Makes: Tesla, Ford", or "All of them". */
  filters: string[];
  /** What the dashboard cannot do with the grant: "Without location history: no trips, …". */
  without: string[];
}

/** The privileges a link asks for, a template's as DIMO's login expands it. */
export function accessPrivileges(access: ShareAccess): PrivilegeId[] {
  return access.kind === "template"
    ? templatePrivileges(access.templateId)
    : [...access.privileges].sort((a, b) => a - b);
}

const powertrainLabel = (id: string) => POWERTRAIN_TYPES.find((type) => type.id === id)?.label ?? id;

export function filterWords(link: Pick<ShareLink, "vehicles" | "vehicleMakes" | "powertrainTypes">): string[] {
  const filters: string[] = [];
  if (link.vehicles.length > 0) filters.push(`Only the vehicles ${link.vehicles.join(", ")}`);
  if (link.vehicleMakes.length > 0) filters.push(`Makes: ${link.vehicleMakes.join(", ")}`);
  if (link.powertrainTypes.length > 0) {
    filters.push(`Powertrains: ${link.powertrainTypes.map((id) => `${powertrainLabel(id)} (${id})`).join(", ")}`);
  }
  return filters.length > 0 ? filters : ["Any of the owner's vehicles"];
}

export function sharePreview(link: ShareLink, licenseName: string): SharePreview {
  const privileges = accessPrivileges(link.access);
  const asks = privileges.map((id) => sharePermission(id).asks);
  if (link.access.kind === "template") {
    const { templateId } = link.access;
    const template = PERMISSION_TEMPLATES.find((known) => known.id === templateId);
    asks.unshift(`Permission template ${templateId}${template ? `: ${template.label}` : ""}`);
  }
  return {
    title: `${licenseName} asks to access your vehicles.`,
    asks,
    expiry: link.expirationDate
      ? `Until ${formatStableUtc(link.expirationDate)}`
      : "No end given: DIMO's login would choose one",
    filters: filterWords(link),
    without: missingFeatureWords(privileges),
  };
}
