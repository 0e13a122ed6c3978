/**
 * Writes the fixture of DIMO's real Telemetry API signatures that the sandbox's schema is compared with, from a
 * checked-out `schema/` folder of DIMO-Network/telemetry-api:
 *
 *   npx tsx scripts/telemetry-schema-fixture.ts <telemetry-api>/schema <commit>
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema } from "graphql";
import { schemaSignatures } from "../sandbox/services/telemetry/schema-signatures";

const FIXTURE = join(__dirname, "../sandbox/services/telemetry/real-schema.fixture.json");

function main(): void {
  const [dir, commit] = process.argv.slice(2);
  if (!dir || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    console.error("usage: telemetry-schema-fixture.ts <schema dir> <40-hex commit>");
    process.exitCode = 2;
    return;
  }
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".graphqls"))
    .sort();
  const sdl = files.map((name) => readFileSync(join(dir, name), "utf8")).join("\n");
  const types = schemaSignatures(buildSchema(sdl));
  const fixture = { repository: "DIMO-Network/telemetry-api", commit, files, types };
  writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`${Object.keys(types).length} types from ${files.length} files at ${commit.slice(0, 7)}`);
}

main();
