import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import { type PrivilegeId, isPrivilegeId } from "@/lib/protocol";
import { AppFailure, invalidInput } from "@/lib/result";
import {
  type SavedShareLink,
  type SavedShareLinkView,
  type ShareLink,
  savedShareLinkView,
  SHARE_LANDING_PATH,
  shareLinkProblems,
  shareLinkUrl,
} from "@/lib/share-links";
import { readSavedShareLinks } from "@/lib/share-links/records";
import { type CappedLogStore, getStores } from "@/lib/store";
import { guarded } from "./guard";
import { type ShareLinkSettings } from "@/lib/models/share-links";
import { noInput } from "./inputs";

export type { ShareLinkSettings } from "@/lib/models/share-links";

/**
 * The license's share links: what the builder needs to know (DIMO's login address, the license's name and
 * registered redirect URIs, the dashboard's landing page), and the links kept with their names in the shared store,
 * so every dashboard instance lists the same ones. A link is checked here again before it is kept: the browser's
 * checks are a convenience, these are the ones that count.
 */

/** Enough for any license's campaigns; the oldest go first past it. */
const KEPT_LINKS = 500;

const linksKey = (clientId: string) => `share-links:${clientId.toLowerCase()}`;

async function settings(): Promise<ShareLinkSettings> {
  const config = getConfig();
  const license = await getDimoClient().getDeveloperLicense();
  return {
    loginUrl: config.dimoLogin.url,
    clientId: config.license.clientId,
    licenseName: license.alias ?? `Developer License ${license.tokenId}`,
    redirectUris: license.redirectURIs,
    landingUrl: `${config.publicUrl.replace(/\/+$/, "")}${SHARE_LANDING_PATH}`,
  };
}

/** What the link builder needs: public values only (the license's client id is in every link anyway). */
export const getShareLinkSettings = guarded(noInput, async function getShareLinkSettings() {
  return settings();
});

export async function listShareLinksIn(logs: CappedLogStore, clientId: string): Promise<SavedShareLinkView[]> {
  return readSavedShareLinks(await logs.list(linksKey(clientId)));
}

/** The license's kept links, newest first. */
export const listShareLinks = guarded(noInput, async function listShareLinks() {
  return listShareLinksIn(getStores().logs, getConfig().license.clientId);
});

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).max(max, { error: `${name} is at most ${max} characters long` });

const privilege = z
  .number({ error: "a permission is a privilege number from 1 to 8" })
  .refine(isPrivilegeId, { error: "a permission is a privilege number from 1 to 8" })
  .transform((id) => id as PrivilegeId);

/** What the builder sends; the client id, the login address and the `utm` (the name) are the server's to add. */
export const shareLinkInput = z.object(
  {
    name: text("The name", 200),
    redirectUri: text("The redirect URI", 2000),
    access: z.discriminatedUnion(
      "kind",
      [
        z.object({ kind: z.literal("privileges"), privileges: z.array(privilege).max(8) }),
        z.object({ kind: z.literal("template"), templateId: text("The permission template", 10) }),
      ],
      { error: "ask for permissions, or name a permission template" },
    ),
    vehicles: z.array(z.number({ error: "vehicle ids are numbers" })).max(500, { error: "at most 500 vehicles" }),
    vehicleMakes: z.array(text("A make", 100)).max(100, { error: "at most 100 makes" }),
    powertrainTypes: z.array(text("A powertrain type", 10)).max(10, { error: "at most 10 powertrain types" }),
    expirationDate: text("The expiry", 40),
    onboarding: z.array(text("An onboarding connection", 100)).max(20, { error: "at most 20 connections" }),
  },
  { error: "the input must be a share link's name, redirect URI, permissions and filters" },
);

export type ShareLinkInput = z.input<typeof shareLinkInput>;

export interface SaveContext {
  logs: CappedLogStore;
  settings: ShareLinkSettings;
  now: Date;
  by: string;
  id: string;
}

/**
 * Builds the link from the input and the license's own values, refuses it with every problem in words when DIMO's
 * login would refuse it or when another kept link has its name (the name comes back as `utm` and must say which
 * link brought a vehicle), and keeps it.
 */
export async function saveShareLinkIn(
  context: SaveContext,
  input: z.output<typeof shareLinkInput>,
): Promise<SavedShareLinkView> {
  const { settings: license, logs } = context;
  const name = input.name.trim();
  const link: ShareLink = {
    clientId: license.clientId,
    redirectUri: input.redirectUri,
    access: input.access,
    vehicles: input.vehicles,
    vehicleMakes: input.vehicleMakes.map((make) => make.trim()),
    powertrainTypes: input.powertrainTypes,
    expirationDate: input.expirationDate,
    onboarding: input.onboarding.map((oracle) => oracle.trim()),
    utm: name,
  };
  const problems = shareLinkProblems(link, { now: context.now, redirectUris: license.redirectUris });
  const kept = await listShareLinksIn(logs, license.clientId);
  if (name !== "" && kept.some((saved) => saved.name === name)) {
    problems.push(
      `A link named ${name} exists already: give this one another name, so their vehicles can be told apart.`,
    );
  }
  if (problems.length > 0) throw new AppFailure(invalidInput(problems.join(" ")));

  const saved: SavedShareLink = {
    id: context.id,
    name,
    url: shareLinkUrl(license.loginUrl, link),
    createdAt: context.now.toISOString(),
    createdBy: context.by,
  };
  await logs.append(linksKey(license.clientId), JSON.stringify(saved), KEPT_LINKS);
  return savedShareLinkView(saved);
}

/** Keeps a new link for the license; called by the action, which has checked the session. */
export async function saveShareLink(input: z.output<typeof shareLinkInput>, by: string) {
  return saveShareLinkIn(
    { logs: getStores().logs, settings: await settings(), now: new Date(), by, id: randomUUID() },
    input,
  );
}
