import zlib from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** The end record is 22 bytes plus a comment of up to 64 KB. */
const END_SEARCH = 22 + 0xffff;

/** Whether the bytes start like a zip archive (an xlsx is one): `PK\x03\x04`. */
export const hasZipMagic = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;

/**
 * Whether a zip archive unpacks to at most `maxBytes` in all, measured by inflating each entry with a cap — never by
 * the sizes the archive claims — so a small upload cannot expand into gigabytes in the spreadsheet reader (a zip
 * bomb). False for anything that is not a plain zip: no end record, zip64, encryption or an unknown compression.
 */
export function unpacksWithin(bytes: Buffer, maxBytes: number): boolean {
  const end = findEndRecord(bytes);
  if (end < 0) return false;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER) return false;
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    if (flags & 0x1 || packed === 0xffffffff || local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) return false;
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataAt + packed > bytes.length) return false;
    const data = bytes.subarray(dataAt, dataAt + packed);
    let size: number;
    if (method === 0) size = packed;
    else if (method === 8) {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: budget + 1 }).length;
      } catch {
        // Past the cap (RangeError) or not valid deflate data.
        return false;
      }
    } else return false;
    budget -= size;
    if (budget < 0) return false;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return true;
}

function findEndRecord(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL) return at;
  }
  return -1;
}
