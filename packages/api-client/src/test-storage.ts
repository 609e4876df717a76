// A Map-backed Web Storage for unit tests (sessionStorage's shape, Node has none).
import type { StaleReadStorage } from './stale-reads.ts';

export function createMemoryStorage(quotaChars = Number.POSITIVE_INFINITY) {
  const items = new Map<string, string>();
  const used = () => [...items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  const storage: StaleReadStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      const before = items.get(key);
      items.set(key, value);
      if (used() > quotaChars) {
        if (before === undefined) items.delete(key);
        else items.set(key, before);
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items };
}
