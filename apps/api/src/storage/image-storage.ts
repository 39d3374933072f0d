import path from "node:path";
import type { Config } from "../config.ts";
import { createLocalDiskStorage } from "./local-disk-storage.ts";
import { createMemoryStorage } from "./memory-storage.ts";
import type { ObjectStorage } from "./object-storage.ts";

/**
 * Uploaded images: `${DATA_DIR}/images/<workspace_id>/<image_id>` on the local disk, or kept in memory when
 * the data directory is `memory://` (a throwaway database must not leave files behind). This is where an
 * S3-compatible store will be chosen once it is configured.
 */
export function createImageStorage(config: Pick<Config, "dataDir">): ObjectStorage {
  if (config.dataDir.startsWith("memory://")) return createMemoryStorage();
  return createLocalDiskStorage(path.join(config.dataDir, "images"));
}
