// Writes the signature of DIMO's real Identity API (every type reachable from Query, without descriptions) to the
// fixture the sandbox's schema test compares against. Reads the schema files from a git clone of
// DIMO-Network/identity-api, so the fixture names the exact commit it came from.
//   npx tsx scripts/identity-schema-fixture.ts <identity-api git dir> [commit]
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { schemaSignature } from "../sandbox/services/identity/schema-signature";

const FIXTURE = "sandbox/services/identity/real-schema.fixture.json";
const SCHEMA_DIR = "graph/schema/";

const [gitDir, revision = "HEAD"] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: tsx scripts/identity-schema-fixture.ts <identity-api git dir> [commit]");
  process.exit(2);
}
const git = (...args: string[]) => execFileSync("git", ["-C", gitDir, ...args], { encoding: "utf8" });

const commit = git("rev-parse", `${revision}^{commit}`).trim();
const files = git("ls-tree", "--name-only", commit, SCHEMA_DIR)
  .split("\n")
  .filter((path) => path.endsWith(".graphqls"))
  .sort();
const sdl = files.map((path) => git("show", `${commit}:${path}`)).join("\n");
const signature = schemaSignature(buildSchema(sdl));

const fixture = { source: "github.com/DIMO-Network/identity-api", commit, files, types: signature };
writeFileSync(FIXTURE, JSON.stringify(fixture, null, 2) + "\n");
console.log(`${FIXTURE}: ${Object.keys(signature).length} types from ${commit}`);
