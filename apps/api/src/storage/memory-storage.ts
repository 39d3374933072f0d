import { assertStorageKey, type ObjectStorage } from "./object-storage.ts";

/** For a throwaway database (`memory://`): its images go with it. */
export function createMemoryStorage(): ObjectStorage {
  const objects = new Map<string, Buffer>();
  return {
    async put(key, data) {
      assertStorageKey(key);
      objects.set(key, Buffer.from(data));
    },
    async get(key) {
      assertStorageKey(key);
      return objects.get(key) ?? null;
    },
    async delete(key) {
      assertStorageKey(key);
      objects.delete(key);
    },
  };
}
