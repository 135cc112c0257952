/** A browser and system named in plain words from a User-Agent header (null: not recognised). */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung name Chrome too, Chrome names Safari.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chromium)\//, 'Chromium'],
  [/\b(?:Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  // Headers can be long; the names sit in the first few hundred characters.
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(browsers, ua), os: first(systems, ua) };
}
