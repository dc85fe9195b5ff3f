/**
 * API key format: `lr_live_` + 30 random base62 characters (178 bits) + a 6-character base62
 * CRC32 of them, like GitHub's tokens. The prefix lets secret scanners find a leaked key and the
 * checksum lets them (and us, before any database look-up) tell a real key from a look-alike.
 * No node-only imports: the checksum check is plain code anyone can copy.
 */
export const API_KEY_PREFIX = "lr_live_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
/** How much of a key is stored and shown to tell keys apart: the prefix and four random characters. */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index++) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(index)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(random: string): string {
  let value = crc32(random);
  let encoded = "";
  for (let index = 0; index < CHECKSUM_LENGTH; index++) {
    encoded = BASE62.charAt(value % 62) + encoded;
    value = Math.floor(value / 62);
  }
  return encoded;
}

/** A new key from a source of random bytes (crypto.getRandomValues), drawn without modulo bias. */
export function generateApiKey(randomBytes: (length: number) => Uint8Array): string {
  let random = "";
  while (random.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH * 2)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && random.length < RANDOM_LENGTH) random += BASE62.charAt(byte % 62);
    }
  }
  return `${API_KEY_PREFIX}${random}${checksum(random)}`;
}

/** Whether `token` has the shape of one of our keys and its checksum matches (no database needed). */
export function isWellFormedApiKey(token: string): boolean {
  if (token.length !== API_KEY_LENGTH || !token.startsWith(API_KEY_PREFIX)) return false;
  const body = token.slice(API_KEY_PREFIX.length);
  if (!/^[0-9A-Za-z]+$/.test(body)) return false;
  return checksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}
