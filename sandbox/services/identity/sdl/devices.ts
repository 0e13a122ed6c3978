/** The devices vehicles connect through: aftermarket devices, synthetic devices and the connections behind them. Signatures as DIMO's identity API has them (see real-schema.fixture.json). */
export const DEVICES_SDL = /* GraphQL */ `
  extend type Query {
    aftermarketDevice(by: AftermarketDeviceBy!): AftermarketDevice
    aftermarketDevices(
      first: Int
      after: String
      last: Int
      before: String
      filterBy: AftermarketDevicesFilter
    ): AftermarketDeviceConnection!
    syntheticDevice(by: SyntheticDeviceBy!): SyntheticDevice
    syntheticDevices(
      first: Int
      last: Int
      after: String
      before: String
      filterBy: SyntheticDevicesFilter
    ): SyntheticDeviceConnection!
    connections(first: Int, after: String, last: Int, before: String): ConnectionConnection!
    connection(by: ConnectionBy!): Connection
  }

  type AftermarketDevice implements Node {
    id: ID!
    tokenId: Int!
    tokenDID: String!
    manufacturer: Manufacturer!
    address: Address!
    owner: Address!
    serial: String
    imei: String
    devEUI: String
    hardwareRevision: String
    mintedAt: Time!
    claimedAt: Time
    vehicle: Vehicle
    beneficiary: Address!
    name: String!
    image: String!
    earnings: AftermarketDeviceEarnings
    pairedAt: Time
  }

  input AftermarketDeviceBy @oneOf {
    tokenId: Int
    tokenDID: String
    address: Address
    serial: String
    imei: String
    devEUI: String
  }

  input AftermarketDevicesFilter {
    owner: Address
    beneficiary: Address
    manufacturerId: Int
  }

  type AftermarketDeviceConnection {
    totalCount: Int!
    edges: [AftermarketDeviceEdge!]!
    nodes: [AftermarketDevice!]!
    pageInfo: PageInfo!
  }

  type AftermarketDeviceEdge {
    cursor: String!
    node: AftermarketDevice!
  }

  type AftermarketDeviceEarnings {
    totalTokens: BigDecimal!
    history(first: Int, after: String, last: Int, before: String): EarningsConnection!
  }

  type Connection {
    name: String!
    address: Address!
    owner: Address!
    tokenId: BigInt!
    tokenDID: String!
    mintedAt: Time!
    sacds(first: Int, after: String, last: Int, before: String): SacdConnection!
  }

  type ConnectionConnection {
    totalCount: Int!
    edges: [ConnectionEdge!]!
    nodes: [Connection!]!
    pageInfo: PageInfo!
  }

  type ConnectionEdge {
    node: Connection!
    cursor: String!
  }

  input ConnectionBy {
    name: String
    address: Address
    tokenId: BigInt
    tokenDID: String
  }

  type SyntheticDevice implements Node {
    id: ID!
    name: String!
    tokenId: Int!
    tokenDID: String!
    integrationId: Int! @deprecated(reason: "Read connection instead.")
    address: Address!
    mintedAt: Time!
    vehicle: Vehicle!
    connection: Connection!
  }

  type SyntheticDeviceConnection {
    totalCount: Int!
    edges: [SyntheticDeviceEdge!]!
    nodes: [SyntheticDevice!]!
    pageInfo: PageInfo!
  }

  type SyntheticDeviceEdge {
    cursor: String!
    node: SyntheticDevice!
  }

  input SyntheticDevicesFilter {
    owner: Address
    integrationId: Int
  }

  input SyntheticDeviceBy @oneOf {
    tokenId: Int
    tokenDID: String
    address: Address
  }
`;
