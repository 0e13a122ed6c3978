import { createServer } from "node:http";
import { type AddressInfo } from "node:net";

/**
 * A route handler behind a real HTTP server on loopback, for tests of what arrives over the wire as an outsider sends
 * it (no cookie, any body): each request is handed to `handle` as a fetch Request, and its Response written back.
 */
export async function serveRoute(
  handle: (request: Request) => Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const method = incoming.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
      handle(new Request(`http://${incoming.headers.host}${incoming.url}`, { method, headers, body }))
        .then(async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers));
          outgoing.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch(() => {
          outgoing.writeHead(500);
          outgoing.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
