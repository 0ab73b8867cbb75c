/**
 * Where partner images live: storage keys `partners/{uid}/{file}` served publicly at
 * `/media/partners/{uid}/{file}`. Keys are built here from the uid and a random id, never from a request.
 */
const FILE = /^(profile|portfolio|placeholder)-[0-9a-f-]{36}\.(jpg|png)$/;
const UID = /^[A-Za-z0-9_-]{1,64}$/;

export function newImageKey(uid: string, kind: 'profile' | 'portfolio' | 'placeholder', ext: 'jpg' | 'png'): string {
  return `partners/${uid}/${kind}-${crypto.randomUUID()}.${ext}`;
}

export const mediaUrl = (key: string | null | undefined): string | null => (key ? `/media/${key}` : null);

/** The storage key for a public media path's parts, or null when they are not a key this module would build. */
export function keyFromParts(uid: string, file: string): string | null {
  return UID.test(uid) && FILE.test(file) ? `partners/${uid}/${file}` : null;
}

/** Whether a key names one of `uid`'s image files (the shape only; ownership is checked against the rows). */
export function isOwnKey(uid: string, key: string): boolean {
  const parts = key.split('/');
  return parts.length === 3 && parts[0] === 'partners' && parts[1] === uid && keyFromParts(uid, parts[2]) === key;
}
