import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { type SchemaSignature, schemaSignature } from "./schema-signature";

/**
 * A real DIMO API's signature, naming the repository, commit and files it was read from, so a test that compares the
 * sandbox with it says which version of the real API it holds the sandbox to.
 */
export interface SchemaFixture {
  source: string;
  commit: string;
  files: string[];
  types: SchemaSignature;
}

export function readSchemaFixture(url: URL): SchemaFixture {
  return JSON.parse(readFileSync(url, "utf8")) as SchemaFixture;
}

interface SchemaInGit {
  /** Where the repository lives upstream, recorded in the fixture. */
  source: string;
  /** A clone of it, bare or not. */
  gitDir: string;
  /** Any revision git can resolve; the fixture records the commit it names. */
  revision: string;
  /** The folder whose `.graphqls` files make up the schema. */
  schemaDir: string;
}

/**
 * Reads the schema straight from the git objects rather than a checkout, so the fixture cannot name one commit and
 * hold another's schema.
 */
export function schemaFixtureFromGit({ source, gitDir, revision, schemaDir }: SchemaInGit): SchemaFixture {
  const git = (...args: string[]) => execFileSync("git", ["-C", gitDir, ...args], { encoding: "utf8" });
  const commit = git("rev-parse", `${revision}^{commit}`).trim();
  const files = git("ls-tree", "--name-only", commit, schemaDir.replace(/\/?$/, "/"))
    .split("\n")
    .filter((path) => path.endsWith(".graphqls"))
    .sort();
  const sdl = files.map((path) => git("show", `${commit}:${path}`)).join("\n");
  return { source, commit, files, types: schemaSignature(buildSchema(sdl)) };
}

/** Writes a fixture as the repository's formatter would, so regenerating it leaves no formatting diff. */
export async function writeSchemaFixture(path: string, fixture: SchemaFixture): Promise<void> {
  const prettier = await import("prettier");
  const options = await prettier.resolveConfig(path);
  writeFileSync(path, await prettier.format(JSON.stringify(fixture, null, 2), { ...options, filepath: path }));
}
