import { buildSchema, GraphQLError, type GraphQLScalarType, Kind } from "graphql";
import { getAddress, isAddress } from "viem";
import { ALL_SIGNALS } from "../../telemetry/signals";
import { APPROXIMATE_LOCATION_SIGNAL } from "../../telemetry/signals/names";
import { type SignalDefinition } from "../../telemetry/signals/types";
import { formatTime, parseTime } from "./time";

/**
 * DIMO's Telemetry API schema as the sandbox serves it, every query with the real names, arguments, types and privilege
 * directives (DIMO-Network/telemetry-api, schema/*.graphqls). The directives are read back from this text to guard
 * each field, so the privileges live in one place, as in the real service.
 */

const PRIVILEGE_BY_ID: Record<number, string> = {
  1: "VEHICLE_NON_LOCATION_DATA",
  4: "VEHICLE_ALL_TIME_LOCATION",
  8: "VEHICLE_APPROXIMATE_LOCATION",
};

/** The directive a signal field carries, from the signal's definition. */
function privilegeDirective(anyOf: readonly number[]): string {
  const names = anyOf.map((id) => PRIVILEGE_BY_ID[id]).join(", ");
  return anyOf.length === 1
    ? `@requiresAllOfPrivileges(privileges: [${names}])`
    : `@requiresOneOfPrivilege(privileges: [${names}])`;
}

function collectionField(signal: SignalDefinition): string {
  const type = signal.kind === "float" ? "SignalFloat" : signal.kind === "string" ? "SignalString" : "SignalLocation";
  return `  ${signal.name}: ${type} ${privilegeDirective(signal.anyOf)} @isSignal`;
}

function aggregationField(signal: SignalDefinition): string {
  const directive = `${privilegeDirective(signal.anyOf)} @isSignal @hasAggregation`;
  if (signal.kind === "float")
    return `  ${signal.name}(agg: FloatAggregation!, filter: SignalFloatFilter): Float ${directive}`;
  if (signal.kind === "string") return `  ${signal.name}(agg: StringAggregation!): String ${directive}`;
  if (signal.name === APPROXIMATE_LOCATION_SIGNAL)
    return `  ${signal.name}(agg: LocationAggregation!): Location ${directive}`;
  return `  ${signal.name}(agg: LocationAggregation!, filter: SignalLocationFilter): Location ${directive}`;
}

const TELEMETRY_SDL = `
scalar Time
scalar Uint64
scalar Address

directive @requiresVehicleToken on FIELD_DEFINITION
directive @requiresAllOfPrivileges(privileges: [Privilege!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @requiresOneOfPrivilege(privileges: [Privilege!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @isSignal on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @hasAggregation on INPUT_FIELD_DEFINITION | FIELD_DEFINITION

enum Privilege {
  VEHICLE_NON_LOCATION_DATA
  VEHICLE_COMMANDS
  VEHICLE_CURRENT_LOCATION
  VEHICLE_ALL_TIME_LOCATION
  VEHICLE_VIN_CREDENTIAL
  VEHICLE_APPROXIMATE_LOCATION
  VEHICLE_RAW_DATA
}

type Query {
  signals(tokenId: Int!, interval: String!, from: Time!, to: Time!, filter: SignalFilter): [SignalAggregations!] @requiresVehicleToken
  signalsLatest(tokenId: Int!, filter: SignalFilter): SignalCollection @requiresVehicleToken
  availableSignals(tokenId: Int!, filter: SignalFilter): [String!] @requiresVehicleToken
  signalsSnapshot(tokenId: Int!, filter: SignalFilter): SignalsSnapshotResponse @requiresVehicleToken
  dataSummary(tokenId: Int!, filter: SignalFilter): DataSummary @requiresVehicleToken
  vinVCLatest(tokenId: Int!): VINVC @requiresVehicleToken @requiresAllOfPrivileges(privileges: [VEHICLE_VIN_CREDENTIAL])
  segments(
    tokenId: Int!
    from: Time!
    to: Time!
    mechanism: DetectionMechanism!
    config: SegmentConfig
    signalRequests: [SegmentSignalRequest!]
    eventRequests: [SegmentEventRequest!]
    limit: Int = 100
    after: Time
  ): [Segment!]! @requiresVehicleToken @requiresAllOfPrivileges(privileges: [VEHICLE_ALL_TIME_LOCATION, VEHICLE_NON_LOCATION_DATA])
  dailyActivity(
    tokenId: Int!
    from: Time!
    to: Time!
    mechanism: DetectionMechanism!
    config: SegmentConfig
    signalRequests: [SegmentSignalRequest!]
    eventRequests: [SegmentEventRequest!]
    timezone: String
  ): [DailyActivity!]! @requiresVehicleToken @requiresAllOfPrivileges(privileges: [VEHICLE_ALL_TIME_LOCATION, VEHICLE_NON_LOCATION_DATA])
  events(tokenId: Int!, from: Time!, to: Time!, filter: EventFilter): [Event!] @requiresVehicleToken @requiresAllOfPrivileges(privileges: [VEHICLE_NON_LOCATION_DATA, VEHICLE_ALL_TIME_LOCATION])
  attestations(tokenId: Int, subject: String, filter: AttestationFilter): [Attestation]
}

type Event {
  timestamp: Time!
  name: String!
  source: String!
  durationNs: Int!
  metadata: String
}

input EventFilter {
  name: StringValueFilter
  source: StringValueFilter
  tags: StringArrayFilter
}

input StringValueFilter {
  eq: String
  neq: String
  notIn: [String!]
  in: [String!]
  startsWith: String
  or: [StringValueFilter!]
}

input StringArrayFilter {
  containsAny: [String!]
  containsAll: [String!]
  notContainsAny: [String!]
  notContainsAll: [String!]
  or: [StringArrayFilter!]
}

type DailyActivity {
  start: SignalLocation
  end: SignalLocation
  segmentCount: Int!
  duration: Int!
  signals: [SignalAggregationValue!]!
  eventCounts: [EventCount!]!
}

type Attestation {
  id: String!
  vehicleTokenId: Int!
  time: Time!
  attestation: String!
  type: String!
  source: Address!
  dataVersion: String!
  producer: String
  signature: String!
  tags: [String!]
}

input AttestationFilter {
  id: String
  source: Address
  dataVersion: String
  producer: String
  before: Time
  after: Time
  limit: Int
  cursor: Time
  tags: StringArrayFilter
}

type SignalAggregations {
  timestamp: Time!
${ALL_SIGNALS.map(aggregationField).join("\n")}
}

type SignalCollection {
  lastSeen: Time
${ALL_SIGNALS.map(collectionField).join("\n")}
}

type LatestSignal {
  name: String!
  timestamp: Time!
  valueNumber: Float
  valueString: String
  valueLocation: Location
}

type SignalsSnapshotResponse {
  lastSeen: Time
  signals: [LatestSignal!]!
}

type DataSummary {
  numberOfSignals: Uint64!
  availableSignals: [String!]!
  firstSeen: Time!
  lastSeen: Time!
  signalDataSummary: [SignalDataSummary!]!
  eventDataSummary: [EventDataSummary!]!
}

type EventDataSummary {
  name: String!
  numberOfEvents: Uint64!
  firstSeen: Time!
  lastSeen: Time!
}

type SignalDataSummary {
  name: String!
  numberOfSignals: Uint64!
  firstSeen: Time!
  lastSeen: Time!
}

enum FloatAggregation { AVG MED MAX MIN RAND FIRST LAST }
enum LocationAggregation { AVG RAND FIRST LAST }
enum StringAggregation { RAND TOP UNIQUE FIRST LAST }

type SignalFloat {
  timestamp: Time!
  value: Float!
}

type SignalString {
  timestamp: Time!
  value: String!
}

type SignalLocation {
  timestamp: Time!
  value: Location!
}

input SignalFilter {
  source: String
}

input SignalFloatFilter {
  eq: Float
  neq: Float
  gt: Float
  lt: Float
  gte: Float
  lte: Float
  notIn: [Float!]
  in: [Float!]
  or: [SignalFloatFilter!]
}

type Location {
  latitude: Float!
  longitude: Float!
  hdop: Float!
}

type SignalAggregationValue {
  name: String!
  agg: String!
  value: Float!
}

type EventCount {
  name: String!
  count: Int!
}

input SignalLocationFilter {
  inPolygon: [FilterLocation!]
  inCircle: InCircleFilter
}

input FilterLocation {
  latitude: Float!
  longitude: Float!
}

input InCircleFilter {
  center: FilterLocation!
  radius: Float!
}

enum DetectionMechanism {
  ignitionDetection
  frequencyAnalysis
  changePointDetection
  idling
  refuel
  recharge
}

input SegmentSignalRequest {
  name: String!
  agg: FloatAggregation!
}

input SegmentEventRequest {
  name: String!
}

input SegmentConfig {
  maxGapSeconds: Int = 300
  minSegmentDurationSeconds: Int = 240
  signalCountThreshold: Int = 10
  maxIdleRpm: Int = 1000
  minIncreasePercent: Int = 15
}

type Segment {
  start: SignalLocation!
  end: SignalLocation
  duration: Int!
  isOngoing: Boolean!
  startedBeforeRange: Boolean!
  signals: [SignalAggregationValue!]
  eventCounts: [EventCount!]
}

type VINVC {
  vehicleTokenId: Int
  vin: String
  recordedBy: String
  recordedAt: Time
  countryCode: String
  vehicleContractAddress: String
  validFrom: Time
  validTo: Time
  rawVC: String!
}
`;

export const telemetrySchema = buildSchema(TELEMETRY_SDL);

// Times travel as microseconds since the epoch inside the sandbox, and as RFC 3339 strings on the wire.
const time = telemetrySchema.getType("Time") as GraphQLScalarType;
time.serialize = (value: unknown) => formatTime(value as number);
time.parseValue = (value: unknown) => {
  const micros = typeof value === "string" ? parseTime(value) : null;
  if (micros === null) throw new GraphQLError("time should be RFC3339Nano formatted string");
  return micros;
};
time.parseLiteral = (node) => {
  const micros = node.kind === Kind.STRING ? parseTime(node.value) : null;
  if (micros === null) throw new GraphQLError("time should be RFC3339Nano formatted string");
  return micros;
};
const uint64 = telemetrySchema.getType("Uint64") as GraphQLScalarType;
uint64.serialize = (value: unknown) => value;
// Addresses travel checksummed, and an input that is not a hex address is refused with the real words.
const address = telemetrySchema.getType("Address") as GraphQLScalarType;
const parseAddress = (value: unknown) => {
  if (typeof value !== "string") throw new GraphQLError(`type ${typeof value} not a string`);
  const hex = value.startsWith("0x") || value.startsWith("0X") ? value : `0x${value}`;
  if (!isAddress(hex, { strict: false })) throw new GraphQLError("not a valid hex address");
  return getAddress(hex);
};
address.serialize = (value: unknown) => value;
address.parseValue = parseAddress;
address.parseLiteral = (node) => parseAddress(node.kind === Kind.STRING ? node.value : null);
