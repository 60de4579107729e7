/**
 * Colour contrast by WCAG 2.x (relative luminance of sRGB colours, contrast ratio 1–21), for the
 * checks of the colour tokens of both themes (app/globals.css) against the 4.5:1 of normal text
 * and the 3:1 of large text and of the parts of controls.
 */

/** An sRGB colour: channels 0–255, alpha 0–1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/**
 * Parses a CSS colour as the tokens write them: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r g b)` or
 * `rgb(r g b / a)` (space or comma separated, alpha as a number or a percentage).
 * @throws Error for any other notation
 */
export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? byte(6) / 255 : 1 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[/,]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
  }
  throw new Error(`Not a colour this check reads: ${text}`);
}

/** `top` painted over the opaque `bottom` (source-over compositing); the result is opaque. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque sRGB colour (0 black – 1 white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two opaque colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
