// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * The sandbox's Developer License: the function signatures, errors, events and rules of DIMO's DevLicense for what the
 * dashboard uses (the license's alias, redirect URIs, signers, owner and client id), written for the sandbox. Licenses
 * are minted by the deployer only (`issue`, the sandbox's own), with the client id the seed chooses; they cannot move.
 */
contract DevLicense {
    error InvalidOperation();
    error InvalidSender(address sender);
    error NonexistentToken(uint256 tokenId);
    error AliasExceedsMaxLength();
    error AliasAlreadyInUse(string licenseAlias);

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Issued(uint256 indexed tokenId, address indexed owner, address indexed clientId);
    event Locked(uint256 indexed tokenId);
    event LicenseAliasSet(uint256 indexed tokenId, string licenseAlias);
    event RedirectUriEnabled(uint256 indexed tokenId, string uri);
    event RedirectUriDisabled(uint256 indexed tokenId, string uri);
    event SignerEnabled(uint256 indexed tokenId, address indexed signer);
    event SignerDisabled(uint256 indexed tokenId, address indexed signer);

    /// How long a signer stays valid after the block that enabled it.
    uint256 public constant periodValidity = 365 days;

    address private immutable _minter;
    uint256 private _counter;
    mapping(uint256 tokenId => address owner) private _ownerOf;
    mapping(uint256 tokenId => address clientId) private _tokenIdToClientId;
    mapping(address clientId => uint256 tokenId) private _clientIdToTokenId;
    mapping(uint256 tokenId => bytes32 licenseAlias) private _tokenIdToAlias;
    mapping(bytes32 licenseAlias => uint256 tokenId) private _aliasToTokenId;
    mapping(uint256 tokenId => mapping(address signer => uint256 enabledAt)) private _signers;
    mapping(uint256 tokenId => mapping(string uri => bool enabled)) private _redirectUris;

    modifier onlyTokenOwner(uint256 tokenId) {
        if (msg.sender != ownerOf(tokenId)) revert InvalidSender(msg.sender);
        _;
    }

    constructor() {
        _minter = msg.sender;
    }

    /// Mints the next license to `to` under `clientId`, with an alias when one is given.
    function issue(address to, string calldata licenseAlias, address clientId) external returns (uint256 tokenId) {
        if (msg.sender != _minter) revert InvalidSender(msg.sender);
        if (to == address(0) || clientId == address(0) || _clientIdToTokenId[clientId] != 0) revert InvalidOperation();
        tokenId = ++_counter;
        _ownerOf[tokenId] = to;
        _tokenIdToClientId[tokenId] = clientId;
        _clientIdToTokenId[clientId] = tokenId;
        emit Issued(tokenId, to, clientId);
        if (bytes(licenseAlias).length > 0) _setLicenseAlias(tokenId, licenseAlias);
        emit Locked(tokenId);
        emit Transfer(address(0), to, tokenId);
    }

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = _ownerOf[tokenId];
        if (owner == address(0)) revert NonexistentToken(tokenId);
    }

    function tokenIdToClientId(uint256 tokenId) external view returns (address) {
        return _tokenIdToClientId[tokenId];
    }

    function clientIdToTokenId(address clientId) external view returns (uint256) {
        return _clientIdToTokenId[clientId];
    }

    // Alias: at most 32 bytes, unique across licenses, stored left-aligned in a bytes32 as DIMO's contract does.

    function setLicenseAlias(uint256 tokenId, string calldata licenseAlias) external onlyTokenOwner(tokenId) {
        _setLicenseAlias(tokenId, licenseAlias);
    }

    function _setLicenseAlias(uint256 tokenId, string memory licenseAlias) private {
        if (bytes(licenseAlias).length > 32) revert AliasExceedsMaxLength();
        bytes32 packed = bytes32(bytes(licenseAlias));
        if (_aliasToTokenId[packed] != 0) revert AliasAlreadyInUse(licenseAlias);
        delete _aliasToTokenId[_tokenIdToAlias[tokenId]];
        _tokenIdToAlias[tokenId] = packed;
        _aliasToTokenId[packed] = tokenId;
        emit LicenseAliasSet(tokenId, licenseAlias);
    }

    function getLicenseAliasByTokenId(uint256 tokenId) external view returns (string memory) {
        bytes32 packed = _tokenIdToAlias[tokenId];
        uint256 length = 0;
        while (length < 32 && packed[length] != 0) length++;
        bytes memory text = new bytes(length);
        for (uint256 i = 0; i < length; i++) text[i] = packed[i];
        return string(text);
    }

    function getTokenIdByLicenseAlias(string calldata licenseAlias) external view returns (uint256) {
        if (bytes(licenseAlias).length > 32) return 0;
        return _aliasToTokenId[bytes32(bytes(licenseAlias))];
    }

    // Redirect URIs

    function redirectUriStatus(uint256 tokenId, string calldata uri) external view returns (bool) {
        return _redirectUris[tokenId][uri];
    }

    function setRedirectUri(uint256 tokenId, bool enabled, string calldata uri) external onlyTokenOwner(tokenId) {
        if (enabled) {
            _redirectUris[tokenId][uri] = true;
            emit RedirectUriEnabled(tokenId, uri);
        } else {
            delete _redirectUris[tokenId][uri];
            emit RedirectUriDisabled(tokenId, uri);
        }
    }

    // Signers (API keys): enabled at a block's time, valid for periodValidity after it.

    function enableSigner(uint256 tokenId, address signer) external onlyTokenOwner(tokenId) {
        _signers[tokenId][signer] = block.timestamp;
        emit SignerEnabled(tokenId, signer);
    }

    function disableSigner(uint256 tokenId, address signer) external onlyTokenOwner(tokenId) {
        delete _signers[tokenId][signer];
        emit SignerDisabled(tokenId, signer);
    }

    function signers(uint256 tokenId, address signer) external view returns (uint256) {
        return _signers[tokenId][signer];
    }

    function isSigner(uint256 tokenId, address signer) external view returns (bool) {
        uint256 enabledAt = _signers[tokenId][signer];
        return enabledAt != 0 && block.timestamp - enabledAt <= periodValidity;
    }

    function getSignerExpiration(uint256 tokenId, address signer) external view returns (uint256) {
        uint256 enabledAt = _signers[tokenId][signer];
        return enabledAt == 0 ? 0 : enabledAt + periodValidity;
    }

    // A license is soulbound: none of ERC-721's moves.

    function approve(address, uint256) external pure {
        revert InvalidOperation();
    }

    function setApprovalForAll(address, bool) external pure {
        revert InvalidOperation();
    }

    function transferFrom(address, address, uint256) external pure {
        revert InvalidOperation();
    }
}
