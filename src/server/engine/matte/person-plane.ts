/**
 * The person matte as the person's "add hair" taps read it (decision 203): MediaPipe's selfie person probability
 * on its own grid over the photo, as bytes, with the chosen face's skin (the cells inside its oval) at 0, so that a
 * tap widens over the person's missed hair and never over the face.
 */
import { personByte, type GridPlane } from '@shared/hair/apply-corrections';
import type { Plane } from '../image/raster';
import type { FaceGeom } from './main-person';
import { FACE_OVAL, fillPolygon } from './refine';

/** `person` covers a W×H photo, cell g's centre at (g + 0.5) / width of its width; `face` is the chosen one, or null. */
export function personPlane(person: Plane, face: FaceGeom | null, W: number, H: number): GridPlane {
  const { width, height } = person;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = personByte(person.data[i]);
  if (face && face.mesh.length >= 468) {
    // the oval in cell coordinates: cell g's centre stands at g
    const pts = FACE_OVAL.map((k) => [(face.mesh[k][0] * width) / W - 0.5, (face.mesh[k][1] * height) / H - 0.5] as [number, number]);
    fillPolygon(pts, width, height, (i) => {
      data[i] = 0;
    });
  }
  return { width, height, data };
}
