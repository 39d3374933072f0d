import type { Config } from "../config/config.ts";
import { createLocalDiskStorage } from "./local-disk-storage.ts";
import { createMemoryStorage } from "./memory-storage.ts";
import type { ObjectStorage } from "./object-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/**
 * The one store of uploaded files (images, task attachments), each module under its own folder
 * (`scopedStorage`): the S3-compatible bucket when `S3_BUCKET` is set, else `DATA_DIR` on the local disk
 * (`DATA_DIR/images/…`, `DATA_DIR/attachments/…`), or memory when the data directory is `memory://`
 * (a throwaway database must not leave files behind).
 */
export function createStorage(config: Pick<Config, "dataDir" | "s3">): ObjectStorage {
  if (config.s3) return createS3Storage(config.s3);
  if (config.dataDir.startsWith("memory://")) return createMemoryStorage();
  return createLocalDiskStorage(config.dataDir);
}
