import { request } from "node:http";

interface HostAnswer {
  status: number;
  contentType: string;
  location: string | undefined;
  text: string;
}

/**
 * An HTTP request to `url` that names `host` in its Host header, as a browser does for a page whose name was rebound
 * to this machine (DNS rebinding); fetch does not let a caller set Host.
 */
export function requestWithHost(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: target.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? "GET",
        headers: { ...init.headers, host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            contentType: answer.headers["content-type"] ?? "",
            location: answer.headers.location,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        answer.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}
