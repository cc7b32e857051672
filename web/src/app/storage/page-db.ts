import { STORAGE_PREFIX } from '@kapu/contract';
import { getCookie } from './cookies';

/** "admin-" + appID: the app's browser database (per-user page data). */
export const PAGE_DB_NAME = STORAGE_PREFIX.replace(/-$/, '');
export const PAGE_DB_STORES = ['sys', 'database'] as const;
export type PageDbStore = (typeof PAGE_DB_STORES)[number];
const DB_VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

export function openPageDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(PAGE_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      for (const store of PAGE_DB_STORES) {
        if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB open failed'));
    };
  });
  return opening;
}

/** Closes the cached connection (tests delete the database between cases). */
export async function closePageDb(): Promise<void> {
  if (!opening) return;
  const db = await opening.catch(() => null);
  db?.close();
  opening = null;
}

/** Whose data this is: the uuid cookie, or 'public' before one exists. */
export function currentUserKey(): string {
  return getCookie('uuid') || 'public';
}

function storageKey(pageKey: string): string {
  return `${currentUserKey()}:${pageKey}`;
}

export async function readRecord<T>(store: PageDbStore, key: string): Promise<T | undefined> {
  const db = await openPageDb();
  return new Promise<T | undefined>((resolve, reject) => {
    const request = db.transaction(store, 'readonly').objectStore(store).get(key);
    request.onsuccess = () => resolve(request.result as T | undefined);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

export async function writeRecord(store: PageDbStore, key: string, value: unknown): Promise<void> {
  const db = await openPageDb();
  return new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });
}

/** Saved state of one page (filters, column choices…) for the current user. */
export function getPageData<T>(pageKey: string): Promise<T | undefined> {
  return readRecord<T>('database', storageKey(pageKey));
}

export function setPageData(pageKey: string, value: unknown): Promise<void> {
  return writeRecord('database', storageKey(pageKey), value);
}
