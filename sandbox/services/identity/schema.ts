import { buildSchema } from "graphql";

/**
 * The subset of the identity API's schema the dashboard uses, with the real service's names and shapes
 * (Relay-style connections, `Address` and `Time` scalars). Addresses are validated by the resolvers.
 */
export const IDENTITY_SDL = /* GraphQL */ `
  scalar Address
  scalar Time

  type Query {
    "Vehicles, highest token id first. Exactly one of first and last, at most 100."
    vehicles(first: Int, after: String, last: Int, before: String, filterBy: VehiclesFilter): VehicleConnection!
    vehicle(tokenId: Int!): Vehicle
    developerLicense(by: DeveloperLicenseBy!): DeveloperLicense
  }

  input VehiclesFilter {
    "Vehicles this address owns or holds an unexpired grant on."
    privileged: Address
    owner: Address
    make: String
    model: String
    year: Int
  }

  input DeveloperLicenseBy {
    clientId: Address
    tokenId: Int
    alias: String
  }

  type PageInfo {
    startCursor: String
    endCursor: String
    hasPreviousPage: Boolean!
    hasNextPage: Boolean!
  }

  type Vehicle {
    id: ID!
    tokenId: Int!
    tokenDID: String!
    owner: Address!
    mintedAt: Time!
    name: String!
    imageURI: String!
    definition: Definition
    "The vehicle's grant to this grantee, expired or not; null when there is none."
    sacd(grantee: Address!): Sacd
    "The vehicle's unexpired grants, oldest first. Exactly one of first and last, at most 100."
    sacds(first: Int, after: String, last: Int, before: String): SacdConnection!
    "The paired aftermarket device, if any."
    aftermarketDevice: AftermarketDevice
    "The paired synthetic device (a connection through the maker's cloud), if any."
    syntheticDevice: SyntheticDevice
  }

  type SacdEdge {
    node: Sacd!
    cursor: String!
  }

  type SacdConnection {
    totalCount: Int!
    edges: [SacdEdge!]!
    nodes: [Sacd!]!
    pageInfo: PageInfo!
  }

  type AftermarketDevice {
    id: ID!
    tokenId: Int!
    address: Address!
  }

  type SyntheticDevice {
    id: ID!
    tokenId: Int!
    address: Address!
  }

  type Definition {
    id: String
    make: String
    model: String
    year: Int
  }

  type Sacd {
    grantee: Address!
    permissions: String!
    source: String!
    createdAt: Time!
    expiresAt: Time!
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

  type DeveloperLicense {
    tokenId: Int!
    owner: Address!
    clientId: Address!
    alias: String
    mintedAt: Time!
    signers(first: Int, after: String, last: Int, before: String): SignerConnection!
    redirectURIs(first: Int, after: String, last: Int, before: String): RedirectURIConnection!
  }

  type Signer {
    address: Address!
    enabledAt: Time!
  }

  type SignerEdge {
    node: Signer!
    cursor: String!
  }

  type SignerConnection {
    totalCount: Int!
    edges: [SignerEdge!]!
    nodes: [Signer!]!
    pageInfo: PageInfo!
  }

  type RedirectURI {
    uri: String!
    enabledAt: Time!
  }

  type RedirectURIEdge {
    node: RedirectURI!
    cursor: String!
  }

  type RedirectURIConnection {
    totalCount: Int!
    edges: [RedirectURIEdge!]!
    nodes: [RedirectURI!]!
    pageInfo: PageInfo!
  }
`;

export const identitySchema = buildSchema(IDENTITY_SDL);
