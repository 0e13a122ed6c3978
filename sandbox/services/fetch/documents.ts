import { LRUCache } from "lru-cache";
import { privateKeyToAccount } from "viem/accounts";
import { type AttestationStore } from "../../store/attestation-store";
import { createPrng } from "../../seed/prng";
import { deterministicWallet } from "../../seed/wallets";
import { formatTime, parseTime } from "../telemetry/time";
import { ATTESTATION_TYPE, eventId, type EventHeader, type FetchEvent, indexKey, TOMBSTONE_TYPE } from "./cloud-event";

/**
 * The few events of a vehicle that are not its device's: the credentials the attestation service signed for it, and
 * the record of a repair shop that attests to the vehicle: a service record, a diagnostic scan too large to inline
 * (served through `dataUrl`), and an odometer reading it attested by mistake and then voided with a `dimo.tombstone`.
 * The shop's events are dated from the vehicle's first trip, so they never move.
 */

const HOUR_US = 3_600e6;
const DAY_US = 24 * HOUR_US;

/** The repair shop's key: it signs what it attests, as any attester does. */
const SHOP = deterministicWallet("raw data service shop");
const shopAccount = privateKeyToAccount(SHOP.privateKey);

interface ShopDocument {
  dataversion: string;
  offsetUs: number;
  tags: string[];
  data?: unknown;
  blob?: boolean;
  /** For a tombstone: the data version of the shop's document it voids. */
  voids?: string;
}

/** The diagnostic scan is stored as a blob: this many readings make it a payload of a few hundred kilobytes. */
const SCAN_READINGS = 2_500;

/** The diagnostic scan's payload, generated on each download: the same bytes for the same vehicle. */
export function diagnosticScan(tokenId: number, vehicleDid: string): unknown {
  const rng = createPrng(`diagnostic scan:${tokenId}`);
  const modules = ["ECM", "TCM", "ABS", "BCM", "SRS", "HVAC", "IPC", "PCM"];
  const readings = Array.from({ length: SCAN_READINGS }, (_, i) => ({
    module: modules[i % modules.length],
    pid: `0x${(0x100 + i).toString(16).toUpperCase()}`,
    value: Math.round(rng.between(0, 5000) * 100) / 100,
    unit: ["rpm", "kPa", "°C", "V", "%"][i % 5],
  }));
  return { subject: vehicleDid, kind: "full diagnostic scan", modulesScanned: modules, troubleCodes: [], readings };
}

const MISTAKEN_ODOMETER = "odometer-statement/v1.0";

function shopDocuments(vehicleDid: string, odometerKm: number): ShopDocument[] {
  return [
    {
      dataversion: "service-record/v1.0",
      offsetUs: 2 * DAY_US,
      tags: ["service", "vehicle"],
      data: { subject: vehicleDid, work: ["oil and filter change", "tyre rotation"], odometerKm },
    },
    {
      dataversion: MISTAKEN_ODOMETER,
      offsetUs: 3 * DAY_US,
      tags: ["odometer", "vehicle"],
      data: { subject: vehicleDid, odometerKm: odometerKm * 10 },
    },
    { dataversion: "tombstone/v1.0", offsetUs: 3 * DAY_US + HOUR_US, tags: [], voids: MISTAKEN_ODOMETER },
    { dataversion: "diagnostic-scan/v1.0", offsetUs: 5 * DAY_US, tags: ["diagnostics", "vehicle"], blob: true },
  ];
}

async function shopEvent(
  tokenId: number,
  vehicleDid: string,
  anchorUs: number,
  doc: ShopDocument,
): Promise<FetchEvent> {
  const time = anchorUs + doc.offsetUs;
  const idOf = (dataversion: string) => eventId(anchorUs, tokenId, dataversion);
  const voidsId = doc.voids === undefined ? undefined : idOf(doc.voids);
  const data = voidsId === undefined ? doc.data : { voidsId };
  const signed = JSON.stringify(data ?? { blob: doc.dataversion, subject: vehicleDid });
  const header: EventHeader = {
    specversion: "1.0",
    type: voidsId === undefined ? ATTESTATION_TYPE : TOMBSTONE_TYPE,
    source: SHOP.address,
    subject: vehicleDid,
    id: idOf(doc.dataversion),
    time,
    datacontenttype: "application/json",
    dataschema: "",
    dataversion: doc.dataversion,
    producer: SHOP.address,
    signature: await shopAccount.signMessage({ message: signed }),
    raweventid: "",
    tags: doc.tags,
  };
  const event: FetchEvent = { header, indexKey: indexKey(header), voidsId };
  if (doc.blob) event.blobKey = `blobs/${vehicleDid}/${formatTime(time).slice(0, 10)}/${header.id}`;
  else event.data = () => data;
  return event;
}

/** Signed once per vehicle: the signatures cost a few milliseconds. */
const shopEvents = new LRUCache<string, Promise<FetchEvent[]>>({ max: 2_000 });

export function repairShopEvents(
  tokenId: number,
  vehicleDid: string,
  firstTrip: { endUs: number; odometerKm: number },
): Promise<FetchEvent[]> {
  const anchorUs = Math.floor(firstTrip.endUs / HOUR_US) * HOUR_US;
  const key = `${tokenId}:${anchorUs}`;
  let events = shopEvents.get(key);
  if (!events) {
    const docs = shopDocuments(vehicleDid, Math.round(firstTrip.odometerKm));
    events = Promise.all(docs.map((doc) => shopEvent(tokenId, vehicleDid, anchorUs, doc)));
    shopEvents.set(key, events);
  }
  return events;
}

/** The attestation service's credentials for the vehicle, as the events it stored. */
export function credentialEvents(store: AttestationStore, tokenId: number): FetchEvent[] {
  return store.listCredentials(tokenId).flatMap((credential) => {
    const event = JSON.parse(credential.event) as Record<string, unknown> & { data?: unknown };
    const text = (name: string) => (typeof event[name] === "string" ? (event[name] as string) : null);
    const time = parseTime(text("time") ?? "") ?? credential.issuedAt * 1000;
    const header: EventHeader = {
      specversion: text("specversion") ?? "1.0",
      type: text("type") ?? ATTESTATION_TYPE,
      source: text("source") ?? "",
      subject: text("subject") ?? "",
      id: text("id") ?? credential.id,
      time,
      datacontenttype: text("datacontenttype") ?? "",
      dataschema: text("dataschema") ?? "",
      dataversion: text("dataversion") ?? "",
      producer: text("producer") ?? "",
      signature: text("signature") ?? "",
      raweventid: "",
      tags: Array.isArray(event.tags) ? event.tags.filter((tag): tag is string => typeof tag === "string") : [],
    };
    return [{ header, indexKey: indexKey(header), data: () => event.data ?? null }];
  });
}
