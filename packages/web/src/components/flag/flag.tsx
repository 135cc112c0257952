import type { ReactNode } from 'react';

/**
 * Country flags of the interface languages, drawn as SVG: flag emoji do not render on Windows or
 * on systems without a colour emoji font, and at icon size the civil versions (no coats of arms)
 * are what a reader recognises. Designs are simplified at this size (no stars on the US canton).
 */

/** `🇬🇧` → `gb`: regional indicator symbols spell the ISO 3166 country code. */
export function flagCountry(flag: string): string {
  return [...flag]
    .map((c) => (c.codePointAt(0) ?? 0) - 0x1f1e6)
    .filter((n) => n >= 0 && n < 26)
    .map((n) => String.fromCharCode(97 + n))
    .join('');
}

const stripes = (colours: string[], vertical = false, weights = colours.map(() => 1)) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return colours.map((fill, i) => {
    const size = (weights[i] / total) * (vertical ? 60 : 45);
    const rect = vertical ? (
      <rect key={fill + String(i)} x={at} y={0} width={size} height={45} fill={fill} />
    ) : (
      <rect key={fill + String(i)} x={0} y={at} width={60} height={size} fill={fill} />
    );
    at += size;
    return rect;
  });
};

/** A five-pointed star centred on (cx, cy) with outer radius r, one point towards `angle` degrees. */
function star(cx: number, cy: number, r: number, angle: number, key: string) {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const a = ((angle + i * 36 - 90) * Math.PI) / 180;
    points.push(`${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`);
  }
  return <polygon key={key} points={points.join(' ')} fill="#ffde00" />;
}

/** A trigram of the Korean flag: three bars, each whole (true) or broken (false). */
function trigram(x: number, y: number, angle: number, bars: boolean[], key: string) {
  return (
    <g key={key} transform={`translate(${x} ${y}) rotate(${angle})`} fill="#000">
      {bars.map((whole, i) => {
        const by = -4 + i * 3;
        return whole ? (
          <rect key={by} x={-6} y={by} width={12} height={2} />
        ) : (
          <g key={by}>
            <rect x={-6} y={by} width={5.4} height={2} />
            <rect x={0.6} y={by} width={5.4} height={2} />
          </g>
        );
      })}
    </g>
  );
}

/** Flag artwork on a 60 × 45 canvas. */
const FLAGS: Record<string, () => ReactNode> = {
  gb: () => (
    <>
      <rect width={60} height={45} fill="#012169" />
      <path d="M0 0L60 45M60 0L0 45" stroke="#fff" strokeWidth={9} />
      <path d="M0 0L60 45M60 0L0 45" stroke="#c8102e" strokeWidth={3} />
      <path d="M30 0V45M0 22.5H60" stroke="#fff" strokeWidth={12} />
      <path d="M30 0V45M0 22.5H60" stroke="#c8102e" strokeWidth={7} />
    </>
  ),
  us: () => (
    <>
      {stripes(Array.from({ length: 13 }, (_, i) => (i % 2 === 0 ? '#b22234' : '#fff')))}
      <rect width={26} height={24.2} fill="#3c3b6e" />
    </>
  ),
  de: () => stripes(['#000', '#dd0000', '#ffce00']),
  fr: () => stripes(['#002395', '#fff', '#ed2939'], true),
  es: () => stripes(['#aa151b', '#f1bf00', '#aa151b'], false, [1, 2, 1]),
  ru: () => stripes(['#fff', '#0039a6', '#d52b1e']),
  rs: () => stripes(['#c6363c', '#0c4076', '#fff']),
  cn: () => (
    <>
      <rect width={60} height={45} fill="#ee1c25" />
      {star(10, 11, 6.5, 0, 'big')}
      {star(20, 4.5, 2.2, 23, 'a')}
      {star(24, 9, 2.2, 45, 'b')}
      {star(24, 15, 2.2, 0, 'c')}
      {star(20, 19.5, 2.2, 21, 'd')}
    </>
  ),
  jp: () => (
    <>
      <rect width={60} height={45} fill="#fff" />
      <circle cx={30} cy={22.5} r={13.5} fill="#bc002d" />
    </>
  ),
  kr: () => (
    <>
      <rect width={60} height={45} fill="#fff" />
      <g transform="translate(30 22.5) rotate(36.87)">
        <path d="M-11 0A11 11 0 0 1 11 0A5.5 5.5 0 0 1 0 0A5.5 5.5 0 0 0 -11 0Z" fill="#cd2e3a" />
        <path d="M-11 0A11 11 0 0 0 11 0A5.5 5.5 0 0 1 0 0A5.5 5.5 0 0 0 -11 0Z" fill="#0047a0" />
      </g>
      {trigram(11, 8.5, -53.13, [true, true, true], 'geon')}
      {trigram(49, 36.5, -53.13, [false, false, false], 'gon')}
      {trigram(49, 8.5, 53.13, [false, true, false], 'gam')}
      {trigram(11, 36.5, 53.13, [true, false, true], 'ri')}
    </>
  ),
};

/** Countries with a drawing. */
export const DRAWN_FLAGS: readonly string[] = Object.keys(FLAGS);

/** The flag of a language (its emoji names the country); the emoji itself when there is no drawing. */
export function Flag({ flag, size = 20 }: { flag: string; size?: number }) {
  const draw = FLAGS[flagCountry(flag)];
  if (!draw) return <span aria-hidden="true">{flag}</span>;
  return (
    <svg
      width={size}
      height={(size * 3) / 4}
      viewBox="0 0 60 45"
      aria-hidden="true"
      focusable="false"
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px var(--mantine-color-default-border)', flex: 'none' }}
    >
      {draw()}
    </svg>
  );
}
