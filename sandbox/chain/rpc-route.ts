import { Hono } from "hono";
import { type SandboxChain } from "./local-chain";
import { type JsonRpcRequest, type JsonRpcResponse } from "./node";

/** At most this many calls in one batch. */
const MAX_BATCH = 100;

/**
 * What a wallet and viem need: every `eth_` method but subscriptions (no WebSocket here), and two more. The node's
 * own controls (`evm_`, `debug_`, `personal_`, `miner_`) stay inside: the chain's clock moves only through the
 * control surface.
 */
function isPublicMethod(method: string): boolean {
  if (method === "net_version" || method === "web3_clientVersion") return true;
  return method.startsWith("eth_") && method !== "eth_subscribe" && method !== "eth_unsubscribe";
}

const failure = (id: JsonRpcResponse["id"], code: number, message: string): JsonRpcResponse => ({
  jsonrpc: "2.0",
  id,
  error: { code, message },
});

function isRequest(value: unknown): value is JsonRpcRequest {
  if (typeof value !== "object" || value === null) return false;
  const { method, params } = value as Record<string, unknown>;
  return typeof method === "string" && (params === undefined || Array.isArray(params));
}

function idOf(value: unknown): JsonRpcResponse["id"] {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

async function answerOne(chain: SandboxChain, call: unknown): Promise<JsonRpcResponse> {
  if (!isRequest(call)) return failure(idOf(call), -32600, "Invalid request");
  if (!isPublicMethod(call.method)) return failure(idOf(call), -32601, `the method ${call.method} is not available`);
  return chain.answer({ id: idOf(call), method: call.method, params: call.params ?? [] });
}

/**
 * The chain's JSON-RPC endpoint (POST, JSON-RPC 2.0, batches). Open to every origin, as public RPC endpoints are:
 * the dashboard's pages read the chain from the browser, and changing anything takes a signed transaction.
 */
export function rpcRoutes(chain: SandboxChain): Hono {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
  });
  app.options("/", (c) => {
    c.header("Access-Control-Allow-Methods", "POST");
    c.header("Access-Control-Allow-Headers", "content-type");
    c.header("Access-Control-Max-Age", "600");
    return c.body(null, 204);
  });
  app.post("/", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json(failure(null, -32700, "Parse error"));
    }
    if (!Array.isArray(body)) return c.json(await answerOne(chain, body));
    if (body.length === 0 || body.length > MAX_BATCH) {
      return c.json(failure(null, -32600, `A batch holds 1 to ${MAX_BATCH} calls.`));
    }
    // In order: a batch may send a transaction and then read what it changed.
    const answers: JsonRpcResponse[] = [];
    for (const call of body) answers.push(await answerOne(chain, call));
    return c.json(answers);
  });
  return app;
}
