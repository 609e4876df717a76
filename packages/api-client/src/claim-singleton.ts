// Same guard as @community/ui's: the session store must be one instance across the shell and the
// micro-frontends (module federation singleton). A duplicate copy reports itself instead of silently
// holding a second, signed-out session. Counts are readable at `globalThis.__communitySingletons__`.
const REGISTRY_KEY = '__communitySingletons__';

export function claimSingleton(name: string): void {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Record<string, number> };
  holder[REGISTRY_KEY] ??= {};
  const registry = holder[REGISTRY_KEY];
  registry[name] = (registry[name] ?? 0) + 1;
  if (registry[name] > 1 && import.meta.env?.PROD) {
    console.error(
      `[community] ${name} was evaluated ${registry[name]} times: a shared singleton is duplicated.`,
    );
  }
}
