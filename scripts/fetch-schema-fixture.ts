// Writes the signature of DIMO's real Fetch API to the fixture the sandbox's fetch schema test compares against,
// read from a git clone of DIMO-Network/fetch-api at the commit given (HEAD by default).
//   npx tsx scripts/fetch-schema-fixture.ts <fetch-api git dir> [commit]
import { schemaFixtureFromGit, writeSchemaFixture } from "../sandbox/graphql/schema-fixture";

const FIXTURE = "sandbox/services/fetch/real-schema.fixture.json";

const [gitDir, revision = "HEAD"] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: tsx scripts/fetch-schema-fixture.ts <fetch-api git dir> [commit]");
  process.exit(2);
}
const fixture = schemaFixtureFromGit({
  source: "github.com/DIMO-Network/fetch-api",
  gitDir,
  revision,
  schemaDir: "schema",
});
void writeSchemaFixture(FIXTURE, fixture).then(() =>
  console.log(`${FIXTURE}: ${Object.keys(fixture.types).length} types from ${fixture.commit}`),
);
