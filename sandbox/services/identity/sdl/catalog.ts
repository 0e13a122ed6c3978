/** Developer Licenses, manufacturers and their device definitions. Signatures as DIMO's identity API has them (see real-schema.fixture.json). */
export const CATALOG_SDL = /* GraphQL */ `
  extend type Query {
    developerLicenses(
      first: Int
      after: String
      last: Int
      before: String
      filterBy: DeveloperLicenseFilterBy
    ): DeveloperLicenseConnection!
    developerLicense(by: DeveloperLicenseBy!): DeveloperLicense
    deviceDefinition(by: DeviceDefinitionBy!): DeviceDefinition
    manufacturer(by: ManufacturerBy!): Manufacturer
    manufacturers: ManufacturerConnection!
  }

  type DeveloperLicense {
    tokenId: Int!
    tokenDID: String!
    owner: Address!
    clientId: Address!
    alias: String
    mintedAt: Time!
    signers(first: Int, after: String, last: Int, before: String): SignerConnection!
    redirectURIs(first: Int, after: String, last: Int, before: String): RedirectURIConnection!
  }

  type DeveloperLicenseConnection {
    totalCount: Int!
    edges: [DeveloperLicenseEdge!]!
    nodes: [DeveloperLicense!]!
    pageInfo: PageInfo!
  }

  input DeveloperLicenseFilterBy {
    signer: Address
    owner: Address
  }

  input DeveloperLicenseBy {
    clientId: Address
    alias: String
    tokenId: Int
    tokenDID: String
  }

  type DeveloperLicenseEdge {
    node: DeveloperLicense!
    cursor: String!
  }

  type Signer {
    address: Address!
    enabledAt: Time!
  }

  type RedirectURI {
    uri: String!
    enabledAt: Time!
  }

  type SignerConnection {
    totalCount: Int!
    edges: [SignerEdge!]!
    nodes: [Signer!]!
    pageInfo: PageInfo!
  }

  type SignerEdge {
    node: Signer!
    cursor: String!
  }

  type RedirectURIConnection {
    totalCount: Int!
    edges: [RedirectURIEdge!]!
    nodes: [RedirectURI!]!
    pageInfo: PageInfo!
  }

  type RedirectURIEdge {
    node: RedirectURI!
    cursor: String!
  }

  type DeviceDefinition {
    deviceDefinitionId: String!
    legacyId: String
    manufacturer: Manufacturer
    model: String!
    year: Int!
    deviceType: String
    imageURI: String
    attributes: [DeviceDefinitionAttribute!]!
  }

  type DeviceDefinitionAttribute {
    name: String!
    value: String!
  }

  type DeviceDefinitionEdge {
    cursor: String!
    node: DeviceDefinition!
  }

  type DeviceDefinitionConnection {
    totalCount: Int!
    edges: [DeviceDefinitionEdge!]!
    nodes: [DeviceDefinition!]!
    pageInfo: PageInfo!
  }

  input DeviceDefinitionBy {
    id: String!
  }

  input DeviceDefinitionFilter {
    model: String
    year: Int
  }

  type Manufacturer implements Node {
    id: ID!
    tokenId: Int!
    tokenDID: String!
    name: String!
    owner: Address!
    tableId: Int
    mintedAt: Time!
    aftermarketDevices(
      first: Int
      after: String
      last: Int
      before: String
      filterBy: AftermarketDevicesFilter
    ): AftermarketDeviceConnection!
    deviceDefinitions(
      first: Int
      after: String
      last: Int
      before: String
      filterBy: DeviceDefinitionFilter
    ): DeviceDefinitionConnection!
  }

  input ManufacturerBy @oneOf {
    name: String
    tokenId: Int
    slug: String
    tokenDID: String
  }

  type ManufacturerEdge {
    node: Manufacturer!
    cursor: String!
  }

  type ManufacturerConnection {
    totalCount: Int!
    edges: [ManufacturerEdge!]!
    nodes: [Manufacturer!]!
    pageInfo: PageInfo!
  }
`;
