import localforage from "localforage";
import { LOCAL_STORE_NAME } from "./constants.ts";

/**
 * The browser store for tokens and remembered pages: localforage with its default database name
 * (IndexedDB where available, localStorage otherwise). Everything reads and writes through here so
 * tests can replace it with an in-memory map.
 */
localforage.config({ name: LOCAL_STORE_NAME });

export interface KeyValueStore {
  getItem<T>(key: string): Promise<T | null>;
  setItem<T>(key: string, value: T): Promise<T>;
  removeItem(key: string): Promise<void>;
}

export const localStore: KeyValueStore = localforage;
