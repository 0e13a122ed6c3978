/**
 * One value per process, kept on globalThis under `name`. Next.js may load a module once per route bundle (and again
 * after a hot reload), so a module-level variable can exist several times in one server; state that must be one per
 * process (caches, the pacer, logs) lives here instead.
 */
export function processWide<T>(name: string, create: () => T): T {
  const shared = globalThis as typeof globalThis & { [key: symbol]: unknown };
  const key = Symbol.for(`dimo-dashboard.${name}`);
  shared[key] ??= create();
  return shared[key] as T;
}
