/**
 * A User-Agent header in plain words, for the session list and the push devices: "Firefox on
 * Linux", "Safari on iPhone". A dozen patterns cover the browsers members use; anything else is
 * "Unknown browser" rather than the raw header (which the sender writes, and which is long).
 * Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says
 * "Linux".
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'], // HeadlessChrome/ too
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const find = (table: Array<[RegExp, string]>, userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function describeDevice(userAgent: string): string {
  const browser = find(BROWSERS, userAgent);
  const system = find(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return 'Unknown browser';
}
