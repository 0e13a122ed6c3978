// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The smallest smart account that answers ERC-1271: one owner key, whose signature of the hash makes it valid.
/// A test fixture only (test-support/evm/local-chain.ts compiles it with the solc package when a test starts).
contract OwnerAccount {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}

/// Deploys OwnerAccounts at CREATE2 addresses, so an account can sign before it exists (ERC-6492).
contract OwnerAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new OwnerAccount{salt: salt}(owner));
    }
}
