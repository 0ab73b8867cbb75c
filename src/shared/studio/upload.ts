/**
 * How the studio sends a photo (decision 115): the browser fits it into the working size the server
 * keeps anyway (decision 031: 1600 px on the long side), re-encodes it as JPEG and lowers the quality
 * step by step until it fits its byte budget, so a 12-megapixel phone photo travels as a few hundred KB.
 * The server still checks every byte it receives (type by content, size, pixels) as before.
 */
export const STUDIO_UPLOAD = {
  /** The long side of the photo as sent: the server's working size, so it never has to shrink it again. */
  photoSide: 1600,
  /** A reference photo only lends its colour: smaller is enough. */
  referenceSide: 1024,
  /** JPEG qualities tried in turn until the image fits its budget (the last one is sent whatever it weighs). */
  qualities: [0.85, 0.75, 0.65, 0.5],
  /** Photo and reference together stay under 1 MB on the wire, base64 and JSON included. */
  photoBudgetBytes: 600 * 1024,
  referenceBudgetBytes: 150 * 1024,
  /**
   * The most one image may weigh as the server receives it (decoded). A 1600 px JPEG stays under 1 MB even
   * at its worst (pure noise at quality 0.5), so 2 MB leaves room; a file the browser cannot decode is sent
   * as it is only when it fits here.
   */
  maxImageBytes: 2 * 1024 * 1024,
} as const;

/** Base64 characters for `bytes` bytes (4 per 3), plus slack for a data-URL prefix. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64;
