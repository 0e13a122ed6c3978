import { buildSchema, GraphQLError, type GraphQLScalarType, Kind } from "graphql";
import { formatTime, parseTime } from "../telemetry/time";

/**
 * DIMO's Fetch API schema as the sandbox serves it: the real queries, arguments, defaults and types
 * (DIMO-Network/fetch-api, schema/base.graphqls; real-schema.fixture.json records the commit). Its MCP directives
 * only describe tools for DIMO's MCP server and change nothing a GraphQL client sees, so they are left out.
 */
const FETCH_SDL = `
"A point in time, RFC 3339."
scalar Time

"Any JSON value, written as raw JSON rather than an escaped string."
scalar JSON

type CloudEvent {
  header: CloudEventHeader!
  data: JSON
  dataBase64: String
  "A download address for a payload too large to inline: set instead of data and dataBase64."
  dataUrl: String
}

type CloudEventTypeSummary {
  type: String!
  count: Int!
  firstSeen: Time!
  lastSeen: Time!
}

type Query {
  latestIndex(did: String!, filter: CloudEventFilter, includeDeleted: Boolean = false): CloudEventIndex
  indexes(did: String!, limit: Int = 10, filter: CloudEventFilter, includeDeleted: Boolean = false): [CloudEventIndex!]!
  latestCloudEvent(did: String!, filter: CloudEventFilter, includeDeleted: Boolean = false): CloudEvent
  cloudEvents(did: String!, limit: Int = 10, filter: CloudEventFilter, includeDeleted: Boolean = false): [CloudEvent!]!
  availableCloudEventTypes(did: String!, filter: CloudEventFilter, includeDeleted: Boolean = false): [CloudEventTypeSummary!]!
}

type CloudEventHeader {
  specversion: String!
  type: String!
  source: String!
  subject: String!
  id: String!
  time: Time!
  datacontenttype: String
  dataschema: String
  dataversion: String
  producer: String!
  signature: String
  raweventid: String
  tags: [String!]!
}

type CloudEventIndex {
  header: CloudEventHeader!
  indexKey: String!
}

input CloudEventFilter {
  id: String
  type: String
  "Event types to match, any of them; joined with type when both are set."
  types: [String!]
  dataversion: String
  source: String
  producer: String
  before: Time
  after: Time
}
`;

export const fetchSchema = buildSchema(FETCH_SDL);

// Times are microseconds since the epoch inside the sandbox and RFC 3339 on the wire, as gqlgen's Time scalar.
const time = fetchSchema.getType("Time") as GraphQLScalarType;
const timeError = () => new GraphQLError("time should be RFC3339Nano formatted string");
time.serialize = (value: unknown) => formatTime(value as number);
time.parseValue = (value: unknown) => {
  const micros = typeof value === "string" ? parseTime(value) : null;
  if (micros === null) throw timeError();
  return micros;
};
time.parseLiteral = (node) => {
  const micros = node.kind === Kind.STRING ? parseTime(node.value) : null;
  if (micros === null) throw timeError();
  return micros;
};

// A payload is already JSON; the real scalar ignores any input value, as nothing takes one.
const json = fetchSchema.getType("JSON") as GraphQLScalarType;
json.serialize = (value: unknown) => value;
json.parseValue = () => null;
json.parseLiteral = () => null;
