/** Test helper: zlib's CRC-32 (Node 20 has no zlib.crc32 yet), used to patch PNG headers. */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export const zlibSync = {
  crc32(buf: Uint8Array): number {
    let c = 0xffffffff;
    for (const b of buf) c = TABLE[(c ^ b) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  },
};
