import { GraphQLError } from "graphql";
import { getAddress, isAddress } from "viem";
import { VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { type AttestationStore, type StoredCredential } from "../../store/attestation-store";
import { type TelemetryClaims } from "./access";
import { matchesArray, type StringArrayFilter } from "./events";
import { badRequest } from "./signal-queries";
import { parseTime } from "./time";

/**
 * `attestations(tokenId, subject, filter)`: the credentials the attestation service signed, read back from its store,
 * as the real service reads them from DIMO's index (DIMO-Network/telemetry-api, internal/repositories/attestation and
 * internal/auth ValidRequest). The field has no vehicle-token directive: the resolver checks the token itself. Its
 * `asset` must be the subject exactly, and its `cloud_events` grant must allow `dimo.attestation` events from the
 * filter's source (or any, "*") with the filter's id (or any).
 */

interface AttestationFilter {
  id?: string | null;
  source?: string | null;
  dataVersion?: string | null;
  producer?: string | null;
  before?: number | null;
  after?: number | null;
  limit?: number | null;
  cursor?: number | null;
  tags?: StringArrayFilter | null;
}

export interface AttestationsArgs {
  tokenId?: number | null;
  subject?: string | null;
  filter?: AttestationFilter | null;
}

const ATTESTATION_TYPE = "dimo.attestation";
const ANY = "*";
const DEFAULT_LIMIT = 10;
const SUBJECT_DID = /^did:erc721:(\d+):(0x[0-9a-fA-F]{40}):(\d+)$/;
const ETHR_DID = /^did:ethr:(\d+):(0x[0-9a-fA-F]{40})$/;

interface StoredEvent {
  id: string;
  source: string;
  producer?: string;
  subject: string;
  time: string;
  type: string;
  dataversion: string;
  signature: string;
  tags?: string[];
}

const unauthorized = (message: string) =>
  new GraphQLError(message, { extensions: { reason: "Internal Server Error", code: "UNAUTHORIZED" } });

/** Whether the token's cloud-event grant covers the request, as the real ValidRequest decides it. */
function grantAllows(claims: TelemetryClaims | null, subject: string, filter: AttestationFilter | null): boolean {
  if (!claims?.cloudEvents || subject !== claims.asset) return false;
  const source = filter?.source != null ? getAddress(filter.source) : ANY;
  const id = filter?.id ?? ANY;
  return claims.cloudEvents.some(
    (grant) =>
      (grant.eventType === ATTESTATION_TYPE || grant.eventType === ANY) &&
      (grant.source === source || grant.source === ANY) &&
      (grant.ids.includes(id) || grant.ids.includes(ANY)),
  );
}

/** The vehicle a subject names, or null for an ethr DID (a subject that is not a vehicle has no token id). */
function subjectTokenId(subject: string): number | null {
  const nft = SUBJECT_DID.exec(subject);
  if (nft) return Number(nft[3]);
  if (ETHR_DID.test(subject)) return null;
  throw badRequest(`failed to get DID from subject: ${subject} is neither an ERC721 DID nor an Ethr DID`);
}

export interface AttestationResult {
  id: string;
  vehicleTokenId: number;
  time: number;
  attestation: string;
  type: string;
  source: string;
  dataVersion: string;
  producer: string | null;
  signature: string;
  tags: string[] | null;
}

function matches(event: StoredEvent, timeUs: number, filter: AttestationFilter | null): boolean {
  if (!filter) return true;
  if (filter.id != null && event.id !== filter.id) return false;
  if (filter.source != null && event.source.toLowerCase() !== filter.source.toLowerCase()) return false;
  if (filter.producer != null && (event.producer ?? "") !== filter.producer) return false;
  if (filter.dataVersion != null && event.dataversion !== filter.dataVersion) return false;
  // The cursor is exclusive: the real service moves `after` a nanosecond past it.
  const after = Math.max(filter.after ?? -Infinity, filter.cursor != null ? filter.cursor + 1 : -Infinity);
  if (timeUs < after) return false;
  if (filter.before != null && timeUs >= filter.before) return false;
  if (filter.tags && !matchesArray(event.tags ?? [], filter.tags)) return false;
  return true;
}

export function findAttestations(
  store: AttestationStore,
  claims: TelemetryClaims | null,
  args: AttestationsArgs,
): AttestationResult[] {
  let subject: string;
  if (args.subject != null) subject = args.subject;
  else if (args.tokenId != null) subject = vehicleDid(args.tokenId);
  else throw badRequest("asset or tokenId is required");
  const filter = args.filter ?? null;
  if (!grantAllows(claims, subject, filter)) throw unauthorized("invalid claims");

  const limit = filter?.limit ?? DEFAULT_LIMIT;
  const tokenId = subjectTokenId(subject);
  const nft = SUBJECT_DID.exec(subject);
  // The store keeps credentials by vehicle; a subject naming another contract or a wallet has none.
  const stored: StoredCredential[] =
    tokenId !== null && nft && (nft[2] as string).toLowerCase() === VEHICLE_NFT_CONTRACT.toLowerCase()
      ? store.listCredentials(tokenId)
      : [];
  const out: AttestationResult[] = [];
  for (const credential of stored) {
    if (out.length >= limit) break;
    const event = JSON.parse(credential.event) as StoredEvent;
    const timeUs = parseTime(event.time) ?? credential.issuedAt * 1000;
    if (event.type !== ATTESTATION_TYPE || event.subject !== subject || !matches(event, timeUs, filter)) continue;
    out.push({
      id: event.id,
      vehicleTokenId: tokenId ?? 0,
      time: timeUs,
      attestation: credential.event,
      type: event.type,
      source: isAddress(event.source, { strict: false }) ? getAddress(event.source) : event.source,
      dataVersion: event.dataversion,
      producer: event.producer ? event.producer : null,
      signature: event.signature,
      tags: event.tags ?? null,
    });
  }
  return out;
}

/** The newest VIN credential the attestation service signed for a vehicle, for `vinVCLatest`. */
export function latestVinCredential(store: AttestationStore, tokenId: number): StoredCredential | undefined {
  return store.listCredentials(tokenId, { kind: "vin" })[0];
}
