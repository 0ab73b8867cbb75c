/** Why the camera could not be used, in terms the page can explain. */
export type CameraProblem = 'denied' | 'absent' | 'unsupported' | 'failed';
export type Facing = 'user' | 'environment';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem);
  }
}

/**
 * Opens the camera. Nothing leaves the page: the stream only feeds a <video> element, and live mode draws
 * it at most 640 px high (smaller when frames come too slowly).
 */
export async function openCamera(facing: Facing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('unsupported');
  try {
    // no size asked for: browsers then give their default (640×480 on most webcams and phones) uncropped
    return await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: facing } } });
  } catch (err) {
    const name = err instanceof DOMException ? err.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') throw new CameraError('absent');
    throw new CameraError('failed');
  }
}

export function stopCamera(stream: MediaStream | null): void {
  for (const t of stream?.getTracks() ?? []) t.stop();
}

/** Whether there is a second camera to switch to (phones: front and back). Labels are not needed. */
export async function cameraCount(): Promise<number> {
  const devices = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
  return (devices ?? []).filter((d) => d.kind === 'videoinput').length;
}
