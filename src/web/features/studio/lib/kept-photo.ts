/**
 * The studio's side of what it keeps across a reload (decision 175; storage and sign-out in lib/studio-keep.ts):
 * the photo chosen, and its corrections, read back through the shared schema. The schema (and zod with it) is
 * imported when a photo is read back, not with the studio's first paint (decision 186).
 */
import type { Corrections } from '@shared/studio/corrections';
import { forgetKept, onStore, PHOTO, SESSION_KEY } from '@web/lib/studio-keep';

interface KeptEntry<C = Corrections> {
  userId: string;
  name: string;
  type: string;
  corrections: C;
}

/** Whose photo is kept, with its corrections as stored: they are checked only when they are used (keptPhoto). */
function readEntry(): KeptEntry<unknown> | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<KeptEntry<unknown>>;
    if (typeof v.userId !== 'string' || typeof v.name !== 'string' || typeof v.type !== 'string') return null;
    return { userId: v.userId, name: v.name, type: v.type, corrections: v.corrections };
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
    const { CorrectionsSchema } = await import('@shared/studio/corrections');
    const corrections = CorrectionsSchema.safeParse(entry.corrections);
    if (!corrections.success) {
      await forgetKept();
      return null;
    }
    const blob = await onStore<Blob | undefined>('readonly', (s) => s.get(PHOTO) as IDBRequest<Blob | undefined>);
    if (!blob) return null;
    return { file: new File([blob], entry.name, { type: entry.type }), corrections: corrections.data };
  } catch {
    return null;
  }
}
