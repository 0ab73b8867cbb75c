/**
 * What the studio keeps across a reload (issue 32, decision 175): the chosen photo in IndexedDB (a photo is too
 * large for sessionStorage) and, in sessionStorage, whose photo it is and the person's corrections to its hair
 * region. The sessionStorage entry is what makes the photo usable: it ends with the tab, so a photo left behind
 * by a closed tab is deleted unseen at the next visit, and signing out deletes both at once. A shared computer
 * therefore never shows one person's photo to the next.
 */
import { CorrectionsSchema, type Corrections } from '@shared/studio/corrections';

const DB = 'tress-studio';
const STORE = 'kept';
const PHOTO = 'photo';
const SESSION_KEY = 'tress.studio.kept';

interface KeptEntry {
  userId: string;
  name: string;
  type: string;
  corrections: Corrections;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
  });
}

/** One request on the store, the database closed after it. */
async function onStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
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

function readEntry(): KeptEntry | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<KeptEntry>;
    const corrections = CorrectionsSchema.safeParse(v.corrections);
    if (typeof v.userId !== 'string' || typeof v.name !== 'string' || typeof v.type !== 'string' || !corrections.success) return null;
    return { userId: v.userId, name: v.name, type: v.type, corrections: corrections.data };
  } catch {
    return null;
  }
}

/** Keeps the chosen photo for this tab's session, its corrections from none. A browser that refuses storage keeps nothing. */
export async function keepPhoto(userId: string, file: File): Promise<void> {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ userId, name: file.name, type: file.type, corrections: { marks: [] } } satisfies KeptEntry));
    await onStore('readwrite', (s) => s.put(file, PHOTO));
  } catch {
    // private browsing or a full disk: the studio works as before, the photo is simply not kept
  }
}

/** The kept photo's corrections after each change (the photo itself is written once, when chosen). */
export function keepCorrections(corrections: Corrections): void {
  const entry = readEntry();
  if (!entry) return;
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ ...entry, corrections }));
  } catch {
    // storage refused: the corrections live on in the page until it is left
  }
}

/** The photo and corrections kept by this tab for this account, or null; a photo kept for no live session is deleted. */
export async function keptPhoto(userId: string): Promise<{ file: File; corrections: Corrections } | null> {
  const entry = readEntry();
  if (!entry || entry.userId !== userId) {
    await forgetKept();
    return null;
  }
  try {
    const blob = await onStore<Blob | undefined>('readonly', (s) => s.get(PHOTO) as IDBRequest<Blob | undefined>);
    if (!blob) return null;
    return { file: new File([blob], entry.name, { type: entry.type }), corrections: entry.corrections };
  } catch {
    return null;
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
