import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type ObjectStorage } from "./object-storage.ts";

/** Files under one root directory, a key's slashes becoming folders. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const resolve = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a concurrent GET sees the old bytes or the new, never half a file.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, data, { mode: 0o640 });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
