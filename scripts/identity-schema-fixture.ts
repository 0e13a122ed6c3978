// Writes the signature of DIMO's real Identity API to the fixture the sandbox's identity schema test compares against,
// read from a git clone of DIMO-Network/identity-api at the commit given (HEAD by default).
//   npx tsx scripts/identity-schema-fixture.ts <identity-api git dir> [commit]
import { schemaFixtureFromGit, writeSchemaFixture } from "../sandbox/graphql/schema-fixture";

const FIXTURE = "sandbox/services/identity/real-schema.fixture.json";

const [gitDir, revision = "HEAD"] = process.argv.slice(2);
if (!gitDir) {
  console.error("usage: tsx scripts/identity-schema-fixture.ts <identity-api git dir> [commit]");
  process.exit(2);
}
const fixture = schemaFixtureFromGit({
  source: "github.com/DIMO-Network/identity-api",
  gitDir,
  revision,
  schemaDir: "graph/schema",
});
void writeSchemaFixture(FIXTURE, fixture).then(() =>
  console.log(`${FIXTURE}: ${Object.keys(fixture.types).length} types from ${fixture.commit}`),
);
