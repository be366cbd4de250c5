// http_ece ships no types: the one function the push service stand-in uses (RFC 8188 / RFC 8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm' | 'aesgcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
