/** Scalars, the Node interface, paging, grants (SACDs), their templates, privileges, storage nodes and accounts. Signatures as DIMO's identity API has them (see real-schema.fixture.json). */
export const CORE_SDL = /* GraphQL */ `
  type Query {
    node(id: ID!): Node
    account(by: AccountBy!): Account
    template(by: TemplateBy!): Template
    templates(first: Int, after: String, last: Int, before: String): TemplateConnection!
  }

  type Privilege {
    id: Int!
    user: Address!
    setAt: Time!
    expiresAt: Time!
  }

  type PrivilegeEdge {
    node: Privilege!
    cursor: String!
  }

  type PrivilegesConnection {
    totalCount: Int!
    edges: [PrivilegeEdge!]!
    nodes: [Privilege!]!
    pageInfo: PageInfo!
  }

  input PrivilegeFilterBy {
    user: Address
    privilegeId: Int
  }

  type Sacd {
    grantee: Address!
    permissions: String!
    source: String!
    createdAt: Time!
    expiresAt: Time!
    template: Template
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

  scalar Time

  scalar Address

  scalar BigInt

  scalar BigDecimal

  scalar Bytes

  interface Node {
    id: ID!
  }

  type PageInfo {
    startCursor: String
    endCursor: String
    hasPreviousPage: Boolean!
    hasNextPage: Boolean!
  }

  type StorageNode {
    label: String!
    address: Address!
    owner: Address!
    tokenId: BigInt!
    uri: String!
    tokenDID: String!
    mintedAt: Time!
  }

  type Template {
    tokenId: BigInt!
    creator: Address!
    asset: Address!
    permissions: String!
    cid: String!
    createdAt: Time!
  }

  type TemplateConnection {
    totalCount: Int!
    edges: [TemplateEdge!]!
    nodes: [Template!]!
    pageInfo: PageInfo!
  }

  type TemplateEdge {
    node: Template!
    cursor: String!
  }

  input TemplateBy {
    tokenId: BigInt
    cid: String
  }

  input AccountBy @oneOf {
    address: Address
  }

  type Account {
    address: Address!
    sacds(first: Int, after: String, last: Int, before: String): SacdConnection!
  }
`;
