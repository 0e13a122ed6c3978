import "server-only";
import { type Transport, decodeFunctionData, http } from "viem";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";

/**
 * viem's HTTP transport to the license chain's RPC endpoint, with each call waiting for its turn (the endpoint's rate
 * limit) and told once it ended, so the activity log shows it beside DIMO's services' calls.
 */

export interface RpcCall {
  /** The JSON-RPC method, with the DevLicense function an eth_call reads ("eth_call isSigner"). */
  method: string;
  /** The endpoint without its path or query, where providers put their API key. */
  endpoint: string;
  startedAt: number;
  durationMs: number;
  /** The HTTP status, when one came back. */
  status: number | null;
  error?: string;
}

export interface RpcObserver {
  /** Resolves when the call may be sent. */
  turn?: () => Promise<void>;
  ended?: (call: RpcCall) => void;
}

export function observedTransport(rpcUrl: string, observer: RpcObserver = {}): Transport {
  const base = http(rpcUrl, { timeout: 10_000, retryCount: 1 });
  const endpoint = new URL(rpcUrl).origin;
  return (parameters) => {
    const transport = base(parameters);
    const request = (async (args: { method: string; params?: unknown }, options?: unknown) => {
      await observer.turn?.();
      const startedAt = Date.now();
      const method = describe(args.method, args.params);
      try {
        const result = await transport.request(args as never, options as never);
        observer.ended?.({ method, endpoint, startedAt, durationMs: Date.now() - startedAt, status: 200 });
        return result;
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        observer.ended?.({
          method,
          endpoint,
          startedAt,
          durationMs: Date.now() - startedAt,
          status: typeof status === "number" ? status : null,
          error: (error as { shortMessage?: string }).shortMessage ?? "The RPC call failed.",
        });
        throw error;
      }
    }) as typeof transport.request;
    return { ...transport, request };
  };
}

function describe(method: string, params: unknown): string {
  if (method !== "eth_call" || !Array.isArray(params)) return method;
  const data = (params[0] as { data?: `0x${string}`; input?: `0x${string}` } | undefined)?.data;
  if (!data) return method;
  try {
    return `${method} ${decodeFunctionData({ abi: DEV_LICENSE_ABI, data }).functionName}`;
  } catch {
    return method;
  }
}
