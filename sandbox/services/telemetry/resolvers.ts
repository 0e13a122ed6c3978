import { type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { type FloatAggregation, type LocationAggregation } from "@/lib/telemetry-signals";
import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { ALL_SIGNALS, storedSignals } from "../../telemetry/signals";
import { APPROXIMATE_LOCATION_SIGNAL } from "../../telemetry/signals/names";
import { allowsSignal, guardFields, type TelemetryRequestContext } from "./access";
import { type FloatFilter, type LocationFilter, type StringAggregation } from "./aggregate";
import { inTurn } from "../../graphql/in-turn";
import { withInjectedSamples } from "./injected";
import { type AttestationsArgs, findAttestations, latestVinCredential } from "./attestations";
import { dailyActivity, type DailyActivityArgs } from "./daily-activity";
import { eventSummaries } from "./event-summary";
import { type EventsArgs, findEvents } from "./events";
import { findSegments, type SegmentsArgs } from "./segments";
import {
  aggregateFloat,
  aggregateLocation,
  aggregateString,
  badRequest,
  type Bucket,
  latestValues,
  signalBuckets,
  signalCollection,
  type SignalsArgs,
  signalsInterval,
  signalSummaries,
  selectedFields,
  wantedSignals,
} from "./signal-queries";
import { formatTime, parseTime } from "./time";
import { vinOf } from "./vin";
import { checkSourceFilter, seededVehicle, vehicleSource } from "./vehicle-data";

export interface TelemetryContext extends TelemetryRequestContext {
  sandbox: SandboxContext;
  nowUs: number;
}

type Resolver = GraphQLFieldResolver<unknown, TelemetryContext, Record<string, unknown>>;
type Filter = { source?: string | null } | null | undefined;

/** The vehicle's data source, or null when a source filter names another source (or the vehicle has no data). */
function sourceFor(context: TelemetryContext, args: Record<string, unknown>) {
  const check = checkSourceFilter(args.filter as Filter);
  if (!check.ok) throw badRequest(check.message);
  if (!check.matches) return null;
  return vehicleSource(context.sandbox, args.tokenId as number);
}

function positiveTokenId(args: Record<string, unknown>): void {
  if ((args.tokenId as number) < 1) throw badRequest("invalid argument: tokenID is not a positive integer");
}

const query: Record<string, Resolver> = {
  signalsLatest: (_source, args, context, info) => {
    positiveTokenId(args);
    const source = sourceFor(context, args);
    // Only the selected signals are generated: a client asking for all of them splits them over several requests.
    const latest = source ? latestValues(source, context.nowUs, wantedSignals(selectedFields(info))) : null;
    return signalCollection(
      source ? withInjectedSamples(latest, context.sandbox.webhooks, source.tokenId, context.nowUs) : null,
    );
  },

  signals: async (_source, args, context, info) => {
    positiveTokenId(args);
    const signalsArgs = args as unknown as SignalsArgs;
    const intervalUs = signalsInterval(signalsArgs);
    const source = sourceFor(context, args);
    const buckets = source
      ? await inTurn(() => signalBuckets(source, signalsArgs, intervalUs, context.nowUs, info))
      : [];
    // The real service answers null, not an empty list, when no bucket has data.
    return buckets.length > 0 ? buckets : null;
  },

  availableSignals: (_source, args, context) => {
    const source = sourceFor(context, args);
    if (!source || !source.drives.lastStartedBy(source.tokenId, context.nowUs - 1)) return null;
    return storedSignals(source.vehicle);
  },

  signalsSnapshot: (_source, args, context) => {
    if ((args.tokenId as number) < 1) throw badRequest("invalid argument: tokenID is not a positive integer");
    const source = sourceFor(context, args);
    const latest = source
      ? withInjectedSamples(
          latestValues(source, context.nowUs),
          context.sandbox.webhooks,
          source.tokenId,
          context.nowUs,
        )
      : null;
    const signals = ALL_SIGNALS.filter((signal) => allowsSignal(context.claims, signal.anyOf)).flatMap((signal) => {
      const value = latest?.values.get(signal.name);
      if (!value) return [];
      return [
        {
          name: signal.name,
          timestamp: value.timestamp,
          valueNumber: typeof value.value === "number" ? value.value : null,
          valueString: typeof value.value === "string" ? value.value : null,
          valueLocation: typeof value.value === "object" ? value.value : null,
        },
      ];
    });
    return { lastSeen: latest?.lastSeen ?? null, signals };
  },

  dataSummary: (_source, args, context) => {
    const source = sourceFor(context, args);
    const summaries = source ? signalSummaries(source, context.nowUs) : [];
    const vehicle = vehicleSource(context.sandbox, args.tokenId as number);
    // With no data the real service reports its starting values: first seen now, last seen in 1900.
    let firstSeen = context.nowUs;
    let lastSeen = Date.UTC(1900, 0, 1) * 1000;
    for (const summary of summaries) {
      firstSeen = Math.min(firstSeen, summary.firstSeen);
      lastSeen = Math.max(lastSeen, summary.lastSeen);
    }
    return {
      numberOfSignals: summaries.reduce((sum, s) => sum + s.numberOfSignals, 0),
      availableSignals: summaries.map((s) => s.name),
      firstSeen,
      lastSeen,
      signalDataSummary: summaries,
      // Worked out only when asked for (the executor calls a function-valued field). Events happen during trips,
      // which send signals, so they never move the summary's first and last seen.
      eventDataSummary: () => eventSummaries(vehicle, context.nowUs),
    };
  },

  vinVCLatest: (_source, args, context) => {
    const tokenId = args.tokenId as number;
    // A VIN credential the attestation service signed is the latest one, as on the network.
    const signed = latestVinCredential(context.sandbox.attestations, tokenId);
    if (signed) return signedVinCredential(signed.event);
    const seed = seededVehicle(tokenId);
    const source = vehicleSource(context.sandbox, tokenId);
    const last = source?.drives.lastStartedBy(tokenId, context.nowUs - 1);
    // No credential until the vehicle's device has reported it, as on the network.
    if (!seed || !last) return null;
    return vinCredential(tokenId, vinOf(tokenId, seed.make, seed.year), Math.floor(last.endUs / 1e6) * 1e6);
  },

  segments: (_source, args, context) => {
    const source = vehicleSource(context.sandbox, args.tokenId as number);
    return findSegments(source, args as unknown as SegmentsArgs, context.nowUs);
  },

  dailyActivity: (_source, args, context) => {
    const source = vehicleSource(context.sandbox, args.tokenId as number);
    return dailyActivity(source, args as unknown as DailyActivityArgs, context.nowUs);
  },

  events: (_source, args, context) => {
    const source = vehicleSource(context.sandbox, args.tokenId as number);
    return findEvents(source, args as unknown as EventsArgs, context.nowUs);
  },

  attestations: (_source, args, context) => {
    const found = findAttestations(context.sandbox.attestations, context.claims, args as AttestationsArgs);
    // The real resolver's list is nil when nothing matches, which its server writes as null.
    return found.length > 0 ? found : null;
  },
};

interface SignedVinEvent {
  data: {
    validFrom?: string;
    validTo?: string;
    credentialSubject?: {
      vehicleTokenId?: number;
      vehicleIdentificationNumber?: string;
      recordedBy?: string;
      recordedAt?: string;
      countryCode?: string;
      vehicleContractAddress?: string;
    };
  };
}

/** The fields of a signed VIN credential as the real resolver reads them; absent ones are null. */
function signedVinCredential(event: string) {
  const parsed = JSON.parse(event) as SignedVinEvent;
  const subject = parsed.data.credentialSubject ?? {};
  const time = (text: string | undefined) => (text ? parseTime(text) : null);
  return {
    vehicleTokenId: subject.vehicleTokenId ?? 0,
    vin: subject.vehicleIdentificationNumber || null,
    recordedBy: subject.recordedBy || null,
    recordedAt: time(subject.recordedAt),
    countryCode: subject.countryCode || null,
    vehicleContractAddress: subject.vehicleContractAddress || null,
    validFrom: time(parsed.data.validFrom),
    validTo: time(parsed.data.validTo),
    rawVC: event,
  };
}

const DEVICE_CONTRACT = "0x9c94C395cBcBDe662235E0A9d3bB87Ad708561BA";

/** A VIN credential shaped like the attestation service's (a CloudEvent holding a W3C credential). */
function vinCredential(tokenId: number, vin: string, recordedAtUs: number) {
  const validFromUs = recordedAtUs + 3 * 60e6;
  const day = 86_400e6;
  const validToUs = (Math.floor(validFromUs / day) + 2) * day;
  const deviceDid = `did:nft:137:${DEVICE_CONTRACT}_${(tokenId * 7) % 100_000}`;
  const subject = `did:nft:137:${VEHICLE_NFT_CONTRACT}_${tokenId}`;
  const raw = {
    specversion: "1.0",
    type: "dimo.verifiablecredential",
    source: "0x0000000000000000000000000000000000000000",
    subject,
    id: `sandbox-vinvc-${tokenId}-${recordedAtUs / 1e6}`,
    time: formatTime(validFromUs),
    datacontenttype: "application/json",
    dataversion: "VINVCv1.0",
    producer: deviceDid,
    data: {
      "@context": [
        "https://www.w3.org/ns/credentials/v2",
        { vehicleIdentificationNumber: "https://schema.org/vehicleIdentificationNumber" },
      ],
      type: ["VerifiableCredential", "Vehicle"],
      validFrom: formatTime(validFromUs),
      validTo: formatTime(validToUs),
      credentialSubject: {
        id: `did:nft:137_erc721:${VEHICLE_NFT_CONTRACT}_${tokenId}`,
        vehicleTokenId: tokenId,
        vehicleContractAddress: `eth:${VEHICLE_NFT_CONTRACT}`,
        vehicleIdentificationNumber: vin,
        recordedBy: deviceDid,
        recordedAt: formatTime(recordedAtUs),
      },
    },
  };
  return {
    vehicleTokenId: tokenId,
    vin,
    recordedBy: deviceDid,
    recordedAt: recordedAtUs,
    countryCode: "USA",
    vehicleContractAddress: `eth:${VEHICLE_NFT_CONTRACT}`,
    validFrom: validFromUs,
    validTo: validToUs,
    rawVC: JSON.stringify(raw),
  };
}

function aggregationResolvers(): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = {};
  for (const signal of ALL_SIGNALS) {
    if (signal.kind === "float") {
      resolvers[signal.name] = (bucket, args) =>
        aggregateFloat(bucket as Bucket, signal.name, args.agg as FloatAggregation, args.filter as FloatFilter | null);
    } else if (signal.kind === "string") {
      resolvers[signal.name] = (bucket, args) =>
        aggregateString(bucket as Bucket, signal.name, args.agg as StringAggregation);
    } else {
      const approximated = signal.name === APPROXIMATE_LOCATION_SIGNAL;
      resolvers[signal.name] = (bucket, args) =>
        aggregateLocation(
          bucket as Bucket,
          args.agg as LocationAggregation,
          args.filter as LocationFilter | null,
          approximated,
        );
    }
  }
  return resolvers;
}

function install(schema: GraphQLSchema, typeName: string, resolvers: Record<string, Resolver>): void {
  const fields = (schema.getType(typeName) as GraphQLObjectType).getFields();
  for (const [name, resolve] of Object.entries(resolvers)) {
    const field = fields[name];
    if (!field) throw new Error(`${typeName}.${name} is not in the telemetry schema`);
    field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
}

/** Puts the resolvers on the schema, then the privilege guards around them (they run first). */
export function installTelemetryResolvers(schema: GraphQLSchema): void {
  install(schema, "Query", query);
  install(schema, "SignalAggregations", aggregationResolvers());
  guardFields(schema, ["Query", "SignalCollection", "SignalAggregations"]);
}
