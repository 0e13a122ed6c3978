import { type ViteUserConfig, defineConfig } from "vitest/config";
import base from "../vitest.config.mts";

/**
 * The configuration of a bench that runs under Vitest (for its module mocks): the unit tests' "own-modules" project,
 * its aliases and timeouts and a module registry for each file, for `include` alone. The unit tests' configuration
 * itself cannot be reused as it is: its projects would run the whole unit suite, whatever `include` says.
 */
export function benchConfig(include: string[]): ViteUserConfig {
  const projects = (base.test?.projects ?? []) as ViteUserConfig[];
  const ownModules = projects.find((project) => project.test?.name === "own-modules");
  if (!ownModules) throw new Error('vitest.config.mts has no "own-modules" project');
  return defineConfig({
    ...ownModules,
    test: { ...ownModules.test, name: undefined, include, reporters: ["default"] },
  });
}
