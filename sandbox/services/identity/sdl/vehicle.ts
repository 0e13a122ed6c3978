/** Vehicles and what hangs off them on chain: definitions, earnings, stakes and DCNs (the vehicles' names). Signatures as DIMO's identity API has them (see real-schema.fixture.json). */
export const VEHICLE_SDL = /* GraphQL */ `
  extend type Query {
    vehicle(tokenId: Int, tokenDID: String): Vehicle
    vehicles(first: Int, after: String, last: Int, before: String, filterBy: VehiclesFilter): VehicleConnection!
    rewards(user: Address!): UserRewards
    stakes(first: Int, after: String, last: Int, before: String, filterBy: StakeFilterBy): StakeConnection
    dcn(by: DCNBy!): DCN
    dcns(first: Int, after: String, last: Int, before: String, filterBy: DCNFilter): DCNConnection!
  }

  type DCN implements Node {
    id: ID!
    node: Bytes!
    tokenId: BigInt!
    tokenDID: String!
    owner: Address!
    expiresAt: Time
    mintedAt: Time!
    name: String
    vehicle: Vehicle
  }

  type DCNEdge {
    cursor: String!
    node: DCN!
  }

  type DCNConnection {
    totalCount: Int!
    edges: [DCNEdge!]!
    nodes: [DCN!]!
    pageInfo: PageInfo!
  }

  input DCNFilter {
    owner: Address
  }

  input DCNBy @oneOf {
    node: Bytes
    tokenDID: String
    name: String
  }

  type Earning {
    week: Int!
    beneficiary: Address!
    connectionStreak: Int
    streakTokens: BigDecimal!
    aftermarketDevice: AftermarketDevice
    aftermarketDeviceTokens: BigDecimal!
    syntheticDevice: SyntheticDevice
    syntheticDeviceTokens: BigDecimal!
    vehicle: Vehicle
    sentAt: Time!
  }

  type EarningsEdge {
    node: Earning!
    cursor: String!
  }

  type EarningsConnection {
    totalCount: Int!
    edges: [EarningsEdge!]!
    nodes: [Earning!]!
    pageInfo: PageInfo!
  }

  type UserRewards {
    totalTokens: BigDecimal!
    history(first: Int, after: String, last: Int, before: String): EarningsConnection!
  }

  input StakeFilterBy {
    owner: Address
    attachable: Boolean
  }

  type Stake {
    tokenId: Int!
    tokenDID: String!
    owner: Address!
    level: Int!
    points: Int!
    amount: BigDecimal!
    stakedAt: Time!
    endsAt: Time!
    withdrawnAt: Time
    vehicle: Vehicle
  }

  type StakeConnection {
    totalCount: Int!
    edges: [StakeEdge!]!
    nodes: [Stake!]!
    pageInfo: PageInfo!
  }

  type StakeEdge {
    node: Stake!
    cursor: String!
  }

  input VehiclesFilter {
    privileged: Address
    owner: Address
    make: String
    model: String
    year: Int
    manufacturerTokenId: Int
    deviceDefinitionId: String
    connection: Address
  }

  type Vehicle implements Node {
    id: ID!
    tokenId: Int!
    tokenDID: String!
    manufacturer: Manufacturer!
    owner: Address!
    mintedAt: Time!
    aftermarketDevice: AftermarketDevice
    privileges(first: Int, after: String, last: Int, before: String, filterBy: PrivilegeFilterBy): PrivilegesConnection!
    sacds(first: Int, after: String, last: Int, before: String): SacdConnection!
    sacd(grantee: Address!): Sacd
    syntheticDevice: SyntheticDevice
    definition: Definition
    dcn: DCN
    name: String!
    imageURI: String!
    image: String! @deprecated(reason: "Read imageURI instead.")
    earnings: VehicleEarnings
    dataURI: String!
    stake: Stake
    storageNode: StorageNode
  }

  type Definition {
    id: String
    make: String
    model: String
    year: Int
  }

  type VehicleEdge {
    node: Vehicle!
    cursor: String!
  }

  type VehicleConnection {
    totalCount: Int!
    edges: [VehicleEdge!]!
    nodes: [Vehicle!]!
    pageInfo: PageInfo!
  }

  type VehicleEarnings {
    totalTokens: BigDecimal!
    history(first: Int, after: String, last: Int, before: String): EarningsConnection!
  }
`;
