/**
 * member-app.md 5 "Email format in general": total length at most 254, local part at most 64,
 * each domain label at most 63, a top-level domain required; and the signup shape
 * "text, an @, text, a dot, text".
 */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_LABEL_MAX_LENGTH = 63;

const SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !SHAPE.test(value)) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  if (!/^[a-z\u00a1-\uffff]{2,}$/i.test(tld)) return false;
  return labels.every((label) => label.length > 0 && label.length <= EMAIL_LABEL_MAX_LENGTH);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
