/**
 * Where uploaded bytes live, by key. Keys are made by the server only (`images/<workspace_id>/<image_id>`),
 * never taken from a request. Three implementations: the local disk (the embedded default), an S3-compatible
 * bucket (`S3_BUCKET`: AWS S3, MinIO, Cloudflare R2, さくらのクラウド オブジェクトストレージ …) and memory
 * (throwaway databases in tests and `memory://`); `createStorage` picks one, `ctx.storage` holds it.
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

/** The same store seen from one folder: each module keeps its keys (`<workspace_id>/<id>`) under its own prefix. */
export function scopedStorage(storage: ObjectStorage, folder: string): ObjectStorage {
  const full = (key: string) => {
    assertStorageKey(key);
    return `${folder}/${key}`;
  };
  return {
    put: (key, data) => storage.put(full(key), data),
    get: (key) => storage.get(full(key)),
    delete: (key) => storage.delete(full(key)),
  };
}
