import { createServer, type IncomingHttpHeaders } from "node:http";
import { type AddressInfo } from "node:net";

/** The token every test receiver answers the verification call with. */
export const RECEIVER_TOKEN = "sandbox-receiver-token";

interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A webhook target on this machine for tests and the bench. Every path answers the verification call with
 * RECEIVER_TOKEN; deliveries to a path under `/fail`, or to any path while `failing` is set, are answered 500, others
 * 200. `/status/<code>` answers every request, the verification too, with that status.
 */
export interface TestReceiver {
  url: string;
  /** Verification calls, in order. */
  verifications: ReceivedRequest[];
  /** Deliveries, in order. */
  deliveries: ReceivedRequest[];
  /** Answer every delivery 500 while set. */
  failing: boolean;
  /** Called with each delivery as it arrives. */
  onDelivery?: (request: ReceivedRequest) => void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const receiver: TestReceiver = {
    url: "",
    verifications: [],
    deliveries: [],
    failing: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text.
      }
      const path = request.url ?? "/";
      const received = { path, headers: request.headers, body };
      const forced = /^\/status\/(\d{3})/.exec(path);
      if (forced) {
        response.writeHead(Number(forced[1])).end("forced");
        return;
      }
      if (typeof body === "object" && body !== null && "verification" in body) {
        receiver.verifications.push(received);
        response.writeHead(200, { "content-type": "text/plain" }).end(`${RECEIVER_TOKEN}\n`);
        return;
      }
      receiver.deliveries.push(received);
      receiver.onDelivery?.(received);
      const fail = receiver.failing || path.startsWith("/fail");
      response.writeHead(fail ? 500 : 200).end(fail ? "broken" : "ok");
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
