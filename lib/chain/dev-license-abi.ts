/**
 * The part of DIMO's DevLicense contract that the dashboard and the sandbox use: the license's name (alias), redirect
 * URIs, signers (API keys), owner and client id, and minting. Taken from DIMO-Network/developer-license at commit
 * fc1dcdd4ec492a9142ad37f9728b1d66befa300a: src/DevLicenseCore.sol (signers, alias, ownerOf, the client id mapping),
 * src/DevLicenseDimo.sol (redirect URIs, Issued), src/interface/IDevLicenseErrors.sol (errors). The sandbox's own
 * contract (sandbox/chain/DevLicense.sol) has these signatures; only its minting function is its own.
 */
export const DEV_LICENSE_ABI = [
  // Reads
  {
    type: "function",
    name: "ownerOf",
    stateMutability: "view",
    inputs: [{ name: "tokenId", type: "uint256" }],
    outputs: [{ name: "owner", type: "address" }],
  },
  {
    type: "function",
    name: "tokenIdToClientId",
    stateMutability: "view",
    inputs: [{ name: "tokenId", type: "uint256" }],
    outputs: [{ name: "clientId", type: "address" }],
  },
  {
    type: "function",
    name: "clientIdToTokenId",
    stateMutability: "view",
    inputs: [{ name: "clientId", type: "address" }],
    outputs: [{ name: "tokenId", type: "uint256" }],
  },
  {
    type: "function",
    name: "getLicenseAliasByTokenId",
    stateMutability: "view",
    inputs: [{ name: "tokenId", type: "uint256" }],
    outputs: [{ name: "licenseAlias", type: "string" }],
  },
  {
    type: "function",
    name: "getTokenIdByLicenseAlias",
    stateMutability: "view",
    inputs: [{ name: "licenseAlias", type: "string" }],
    outputs: [{ name: "tokenId", type: "uint256" }],
  },
  {
    type: "function",
    name: "redirectUriStatus",
    stateMutability: "view",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "uri", type: "string" },
    ],
    outputs: [{ name: "enabled", type: "bool" }],
  },
  {
    type: "function",
    name: "periodValidity",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "periodValidity_", type: "uint256" }],
  },
  {
    type: "function",
    name: "signers",
    stateMutability: "view",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "signer", type: "address" },
    ],
    outputs: [{ name: "timestamp", type: "uint256" }],
  },
  {
    type: "function",
    name: "isSigner",
    stateMutability: "view",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "signer", type: "address" },
    ],
    outputs: [{ name: "isSigner_", type: "bool" }],
  },
  {
    type: "function",
    name: "getSignerExpiration",
    stateMutability: "view",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "signer", type: "address" },
    ],
    outputs: [{ name: "timestamp", type: "uint256" }],
  },
  // Owner-only changes
  {
    type: "function",
    name: "setLicenseAlias",
    stateMutability: "nonpayable",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "licenseAlias", type: "string" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "setRedirectUri",
    stateMutability: "nonpayable",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "enabled", type: "bool" },
      { name: "uri", type: "string" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "enableSigner",
    stateMutability: "nonpayable",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "signer", type: "address" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "disableSigner",
    stateMutability: "nonpayable",
    inputs: [
      { name: "tokenId", type: "uint256" },
      { name: "signer", type: "address" },
    ],
    outputs: [],
  },
  // Errors
  { type: "error", name: "InvalidOperation", inputs: [] },
  { type: "error", name: "InvalidSender", inputs: [{ name: "sender", type: "address" }] },
  { type: "error", name: "NonexistentToken", inputs: [{ name: "tokenId", type: "uint256" }] },
  { type: "error", name: "AliasExceedsMaxLength", inputs: [] },
  { type: "error", name: "AliasAlreadyInUse", inputs: [{ name: "licenseAlias", type: "string" }] },
  // Events
  {
    type: "event",
    name: "Issued",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "owner", type: "address", indexed: true },
      { name: "clientId", type: "address", indexed: true },
    ],
  },
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "tokenId", type: "uint256", indexed: true },
    ],
  },
  {
    type: "event",
    name: "LicenseAliasSet",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "licenseAlias", type: "string", indexed: false },
    ],
  },
  {
    type: "event",
    name: "RedirectUriEnabled",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "uri", type: "string", indexed: false },
    ],
  },
  {
    type: "event",
    name: "RedirectUriDisabled",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "uri", type: "string", indexed: false },
    ],
  },
  {
    type: "event",
    name: "SignerEnabled",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "signer", type: "address", indexed: true },
    ],
  },
  {
    type: "event",
    name: "SignerDisabled",
    inputs: [
      { name: "tokenId", type: "uint256", indexed: true },
      { name: "signer", type: "address", indexed: true },
    ],
  },
] as const;
