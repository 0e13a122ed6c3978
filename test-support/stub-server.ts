import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { type AddressInfo } from "node:net";

/**
 * A tiny HTTP server for the HTTP layer's tests: each test scripts the answers, and the server records what it got.
 * Loopback only, on a free port.
 */

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type StubHandler = (request: ReceivedRequest, response: ServerResponse, index: number) => void | Promise<void>;

export interface StubServer {
  url: string;
  received: ReceivedRequest[];
  /** Answers the next requests in turn; the last handler answers every request after it. */
  script(...handlers: StubHandler[]): void;
  close(): Promise<void>;
}

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): StubHandler {
  return (_request, response) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const type = typeof body === "string" ? "text/plain" : "application/json";
    response.writeHead(status, { "content-type": type, ...headers });
    response.end(text);
  };
}

export function delayed(ms: number, then: StubHandler): StubHandler {
  return (request, response, index) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(then(request, response, index) ?? undefined), ms);
      response.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
}

/** Drops the connection without an answer, as a crashed proxy would. */
export const hangUp: StubHandler = (request, response) => {
  response.socket?.destroy();
};

export async function startStubServer(): Promise<StubServer> {
  let handlers: StubHandler[] = [reply(200, {})];
  const received: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = received.length;
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const handler = handlers[Math.min(index, handlers.length - 1)] ?? reply(500, "no handler");
      void handler(received[index] as ReceivedRequest, response, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script(...next) {
      handlers = next;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
