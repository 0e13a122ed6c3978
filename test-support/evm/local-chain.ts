import { readFileSync } from "node:fs";
import { type IncomingMessage, type Server, createServer } from "node:http";
import { type AddressInfo } from "node:net";
import path from "node:path";
import { type EVM, createEVM } from "@ethereumjs/evm";
import { bytesToHex, createAddressFromString, hexToBytes } from "@ethereumjs/util";
import solc from "solc";
import { type Hex, encodeAbiParameters } from "viem";

/**
 * A local EVM in the test process, behind a small JSON-RPC endpoint: enough of a chain for `eth_call` (what ERC-1271
 * and ERC-6492 checks use), with no network. The contracts are compiled from OwnerAccount.sol with the solc package
 * when the chain starts.
 */

export interface LocalChain {
  /** The JSON-RPC endpoint, http://127.0.0.1:PORT */
  url: string;
  /** Deploys an OwnerAccount for `owner`; returns its address. */
  deployAccount(owner: Hex): Promise<Hex>;
  /** Deploys the factory that makes OwnerAccounts at CREATE2 addresses; returns its address. */
  deployFactory(): Promise<Hex>;
  /** OwnerAccount's creation code with its constructor argument (for CREATE2 address prediction). */
  accountInitCode(owner: Hex): Hex;
  /** How many JSON-RPC requests the endpoint has answered. */
  requestCount(): number;
  close(): Promise<void>;
}

const CHAIN_ID = 137;
const DEPLOYER = createAddressFromString("0x00000000000000000000000000000000000d3910");

interface Compiled {
  OwnerAccount: Hex;
  OwnerAccountFactory: Hex;
}

function compile(): Compiled {
  const source = readFileSync(path.join(import.meta.dirname, "OwnerAccount.sol"), "utf8");
  const input = {
    language: "Solidity",
    sources: { "OwnerAccount.sol": { content: source } },
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contracts = output.contracts["OwnerAccount.sol"] ?? {};
  const code = (name: string) => `0x${contracts[name]?.evm.bytecode.object ?? ""}` as Hex;
  return { OwnerAccount: code("OwnerAccount"), OwnerAccountFactory: code("OwnerAccountFactory") };
}

interface CallParams {
  to?: string | null;
  from?: string;
  data?: string;
  input?: string;
}

async function deploy(evm: EVM, initCode: Hex): Promise<Hex> {
  const result = await evm.runCall({ caller: DEPLOYER, data: hexToBytes(initCode), skipBalance: true });
  if (result.execResult.exceptionError || !result.createdAddress)
    throw new Error(`deployment failed: ${result.execResult.exceptionError?.error}`);
  return result.createdAddress.toString() as Hex;
}

/** eth_call: runs the call (or a contract creation when `to` is absent, as deployless calls do) and forgets its changes. */
async function call(evm: EVM, params: CallParams): Promise<Hex> {
  const data = hexToBytes((params.data ?? params.input ?? "0x") as Hex);
  await evm.stateManager.checkpoint();
  try {
    const result = await evm.runCall({
      caller: createAddressFromString(params.from ?? DEPLOYER.toString()),
      ...(params.to ? { to: createAddressFromString(params.to) } : {}),
      data,
      skipBalance: true,
    });
    if (result.execResult.exceptionError) {
      throw Object.assign(new Error("execution reverted"), { data: bytesToHex(result.execResult.returnValue) });
    }
    return bytesToHex(result.execResult.returnValue) as Hex;
  } finally {
    await evm.stateManager.revert();
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startLocalChain(): Promise<LocalChain> {
  const compiled = compile();
  const evm = await createEVM();
  let requests = 0;

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_chainId":
        return `0x${CHAIN_ID.toString(16)}`;
      case "eth_blockNumber":
        return "0x1";
      case "eth_getCode": {
        const code = await evm.stateManager.getCode(createAddressFromString(params[0] as string));
        return bytesToHex(code);
      }
      case "eth_call":
        return call(evm, params[0] as CallParams);
      default:
        throw Object.assign(new Error(`method ${method} not supported`), { code: -32601 });
    }
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      requests += 1;
      const body = JSON.parse(await readBody(request)) as
        { id: number; method: string; params?: unknown[] } | { id: number; method: string; params?: unknown[] }[];
      const one = async (rpc: { id: number; method: string; params?: unknown[] }) => {
        try {
          return { jsonrpc: "2.0", id: rpc.id, result: await answer(rpc.method, rpc.params ?? []) };
        } catch (error) {
          const { code = 3, data, message } = error as { code?: number; data?: string; message: string };
          return { jsonrpc: "2.0", id: rpc.id, error: { code, message, ...(data ? { data } : {}) } };
        }
      };
      const reply = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(reply));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const accountInitCode = (owner: Hex) =>
    `${compiled.OwnerAccount}${encodeAbiParameters([{ type: "address" }], [owner]).slice(2)}` as Hex;
  return {
    url: `http://127.0.0.1:${port}`,
    deployAccount: (owner) => deploy(evm, accountInitCode(owner)),
    deployFactory: () => deploy(evm, compiled.OwnerAccountFactory),
    accountInitCode,
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
