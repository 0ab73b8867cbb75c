/**
 * What the studio keeps across a reload (issue 32, decision 175): the chosen photo in IndexedDB (a photo is too
 * large for sessionStorage) and, in sessionStorage, whose photo it is and the person's corrections to its hair
 * region. The sessionStorage entry is what makes the photo usable: it ends with the tab, so a photo left behind
 * by a closed tab is deleted unseen at the next visit, and signing out deletes both at once. A shared computer
 * therefore never shows one person's photo to the next.
 *
 * This module is what sign-out needs (every page has it): no schema, so no zod in every page's first load
 * (decision 186); the studio's side, which checks what it reads back, is studio/lib/kept-photo.ts.
 */
const DB = 'tress-studio';
const STORE = 'kept';
export const PHOTO = 'photo';
export const SESSION_KEY = 'tress.studio.kept';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
  });
}

/** One request on the store, the database closed after it. */
export async function onStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = act(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Forgets the kept photo and its corrections (sign-out, another account, a session that ended with its tab). */
export async function forgetKept(): Promise<void> {
  try {
    sessionStorage.removeItem(SESSION_KEY);
    await onStore('readwrite', (s) => s.delete(PHOTO));
  } catch {
    // nothing was kept where storage is refused
  }
}
