/** A text or HTML part as nodemailer takes it: the content, with its transfer encoding when known here. */
export type MimePart = string | { content: string; contentTransferEncoding: 'quoted-printable' | 'base64' };

/**
 * `content` with the transfer encoding nodemailer would choose for it, worked out in one pass
 * over its characters. Nodemailer's own choice (mime-node `_getTextEncoding`) counts the
 * characters of two regular expressions with `match(/.../g)`, building an array of one-letter
 * strings for each: about 0.3 ms of CPU for a 4 KB notification email, twice over, on the
 * outbox's path to 100 messages a second (issue 42 item 3, decision 055). Given the encoding,
 * nodemailer skips that count; the message is the same byte for byte (mime-part.test.ts).
 *
 * Nodemailer's rule: content of printable ASCII (tab and line breaks allowed) goes as it is
 * (7bit) unless a line is longer than 76; otherwise quoted-printable when it holds fewer
 * "non-Latin" code units (controls other than tab and line breaks, and everything from U+0080,
 * each UTF-16 unit counted) than ASCII letters, base64 when not. Plain ASCII is left to
 * nodemailer, which decides it without the count when the lines are short.
 */
export function mimePart(content: string): MimePart {
  let latin = 0;
  let nonLatin = 0;
  for (let index = 0; index < content.length; index++) {
    const code = content.charCodeAt(index);
    if (code >= 0x80 || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) nonLatin++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  if (nonLatin === 0) return content;
  return { content, contentTransferEncoding: nonLatin < latin ? 'quoted-printable' : 'base64' };
}
