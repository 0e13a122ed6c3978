import { type Context } from "hono";
import { type WebhookRecord } from "../../store/webhook-records";
import { type WebhookStore } from "../../store/webhook-store";
import { decodeErc721Did, type Erc721Did } from "./asset-did";
import { readGoBody } from "./go-json";

/**
 * What the Vehicle Triggers API's routes check in a request before they act, with the real controllers' words: the
 * bearer token's form, the path's webhook id and asset DID, the license's own webhook, the vehicle list body, a
 * cool-down period and a status.
 */

/** Thrown inside a handler to answer with the real service's `{message, code}` error. */
export class TriggersError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422 | 500,
    message: string,
  ) {
    super(message);
  }
}

export type Env = { Variables: { license: string } };

export const UUID = /^(?:urn:uuid:)?\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/** `Bearer <token>` with the scheme in any case, as gofiber's contrib jwt extracts it. */
export function extractToken(header: string | undefined): string | null {
  if (!header || header.length <= "Bearer ".length + 1) return null;
  if (header.slice(0, "Bearer ".length).toLowerCase() !== "bearer ") return null;
  return header.slice("Bearer ".length).trim();
}

export const webhookIdOf = (c: Context<Env>): string => {
  const id = c.req.param("webhookId") ?? "";
  if (id === "") throw new TriggersError(400, "Webhook ID path parameter can not be empty");
  if (!UUID.test(id)) throw new TriggersError(400, "Invalid webhook id");
  return id;
};

export const assetDidOf = (c: Context<Env>): Erc721Did => {
  const raw = c.req.param("assetDID") ?? "";
  if (raw === "") throw new TriggersError(400, "Asset DID path parameter can not be empty");
  const decoded = decodeErc721Did(raw);
  if (!decoded.ok) throw new TriggersError(400, `Invalid asset DID format: ${decoded.error}`);
  return decoded.did;
};

/** The license's webhook, or 404: another license's webhook is not found either. */
export const ownedWebhook = (c: Context<Env>, store: WebhookStore, id: string): WebhookRecord => {
  const webhook = store.get(id);
  if (!webhook || webhook.license !== c.get("license")) throw new TriggersError(404, "Webhook not found");
  return webhook;
};

export const readVehicleList = async (c: Context<Env>): Promise<Erc721Did[]> => {
  const body = await readGoBody(c, "webhook.VehicleListRequest", { assetDIDs: "stringList" });
  if (!body.ok) {
    if (body.kind === "unsupportedMediaType") throw new TriggersError(422, "Unprocessable Entity");
    throw new TriggersError(400, "Invalid request body");
  }
  const dids: Erc721Did[] = [];
  for (const text of (body.fields.assetDIDs as (string | null)[] | undefined) ?? []) {
    const decoded = decodeErc721Did(text ?? "");
    if (!decoded.ok) throw new TriggersError(400, "Invalid request body");
    dids.push(decoded.did);
  }
  return dids;
};

export function checkCoolDown(coolDownPeriod: number): void {
  if (coolDownPeriod < 0) throw new TriggersError(400, "Cool down period must be greater than or equal to 0");
}

export function checkStatus(status: string): void {
  if (status !== "enabled" && status !== "disabled") {
    throw new TriggersError(400, `Invalid status, must be 'enabled' or 'disabled', got '${status}'`);
  }
}
