// The banner placeholder of an event without a banner (docs/product-decisions.md, "Events"): the
// event's own colour (the form's `color`, `#rgb` or `#rrggbb`), else one drawn from its id so an
// event keeps its colour everywhere; the title is written in black or white, whichever contrasts
// more (at least 4.58:1 on any colour, so WCAG AA holds for every title).

export type BannerColors = { background: string; text: '#000000' | '#ffffff' };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` → `#aabbcc`; null for anything that is not a hex colour. */
export function hexColor(value: string | null | undefined): string | null {
  const color = value?.trim() ?? '';
  if (!HEX.test(color)) return null;
  const digits = color.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** A steady colour for an id: its hue from a hash of the id, saturation and lightness fixed. */
export function colorFromId(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hslToHex(hash % 360, 0.55, 0.42);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

export function bannerColors(event: { id: string; color: string | null | undefined }): BannerColors {
  const background = hexColor(event.color) ?? colorFromId(event.id);
  const text =
    contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
  return { background, text };
}
