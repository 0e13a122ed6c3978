// Runs Lighthouse (desktop preset) on one page in a Chromium that is already running, and writes the report's JSON to
// a file: `node bench/lighthouse-audit.mjs URL DEBUGGING_PORT OUTPUT_FILE`, with the Cookie header to send, if any, in
// LIGHTHOUSE_COOKIE (kept off the command line, where other users of the machine can read it). Plain JavaScript run
// by plain Node: Lighthouse sends some of its own functions into the page as source text, and a TypeScript loader's
// transform of them (a name helper the page does not have) breaks them there.
import { writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const CATEGORIES = ["performance", "accessibility", "best-practices"];

const [url, port, outputFile] = process.argv.slice(2);
if (!url || !port || !outputFile)
  throw new Error("usage: node bench/lighthouse-audit.mjs URL DEBUGGING_PORT OUTPUT_FILE");
const cookie = process.env.LIGHTHOUSE_COOKIE;

const result = await lighthouse(
  url,
  {
    port: Number(port),
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    extraHeaders: cookie ? { Cookie: cookie } : null,
  },
  desktopConfig,
);
if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
writeFileSync(outputFile, JSON.stringify(result.lhr));
