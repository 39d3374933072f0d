/**
 * Where uploaded bytes live, by key. Keys are made by the server only (`<workspace_id>/<image_id>`), never
 * taken from a request. Two implementations today: the local disk (the embedded default) and memory
 * (throwaway databases in tests and `memory://`). An S3-compatible store (AWS S3, MinIO, Cloudflare R2,
 * さくらのクラウド オブジェクトストレージ …) implements the same three calls with PutObject, GetObject and
 * DeleteObject on one bucket, the key under a fixed prefix such as `images/`; choosing it will take
 * config entries (endpoint, bucket, credentials) that are not needed yet.
 */
export interface ObjectStorage {
  /** Stores the bytes under the key, replacing any; a reader never sees a partly written object. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[0-9a-z-]+(\/[0-9a-z-]+)*$/;

/** Keys are server-made, but a key that could climb out of its root (`..`, `/x`) is refused all the same. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.length > 512) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
