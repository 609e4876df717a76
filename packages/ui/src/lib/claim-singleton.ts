// Stores such as the modal store or the toaster only work if the shell and every micro-frontend use the
// same module instance (module federation `shared: { singleton: true }`). Each such module counts its
// evaluations on globalThis, so a duplicated copy is visible (and reported) instead of silently splitting
// state. Counts are readable at `globalThis.__communitySingletons__`.
const REGISTRY_KEY = '__communitySingletons__';

type Registry = Record<string, number>;

export function claimSingleton(name: string): void {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry };
  holder[REGISTRY_KEY] ??= {};
  const registry = holder[REGISTRY_KEY];
  registry[name] = (registry[name] ?? 0) + 1;
  // Test runners and dev-server hot reloads re-evaluate modules on purpose; only a production page is wrong.
  if (registry[name] > 1 && import.meta.env?.PROD) {
    console.error(
      `[community] ${name} was evaluated ${registry[name]} times: a shared singleton is duplicated.`,
    );
  }
}
