import { type Agent, request } from "node:http";

/** One GraphQL POST with a bearer token over a kept-alive agent: its answer, as it came. */
function post(agent: Agent, url: string, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Times one query to a sandbox service; an error answer stops the bench, so a failure is never timed as a result. */
export async function timedQuery(
  service: string,
  agent: Agent,
  url: string,
  token: string,
  body: string,
): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const answer = await post(agent, url, token, body);
  const ms = performance.now() - started;
  if (answer.status !== 200 || answer.text.includes('"errors"'))
    throw new Error(`${service} query failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  return { ms, text: answer.text };
}
