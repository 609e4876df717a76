// The demo members' pictures and covers, drawn when the demo is created (ADR 22): DiceBear makes an
// SVG from the member's seed (Notionists faces, Landscape covers; both CC0 1.0) and resvg (WASM)
// rasterises it to PNG, a type the `users` upload bucket takes (it takes no SVG: ADR 12). Nothing
// is fetched; the same seed draws the same picture on every start.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Avatar, Style, type StyleDefinition } from '@dicebear/core';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);

/** Square, sharp on a 2x screen at the largest avatar (the profile panel's). */
export const FACE_SIZE = 256;
/** 3:1 like the event banners; the profile's band shows its middle (object-fit: cover). */
export const COVER_WIDTH = 900;
export const COVER_HEIGHT = 300;
/** Soft backgrounds behind the black-line faces, one picked by the seed. */
const FACE_BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7ecd4'];

let wasm: Promise<void> | null = null;
/** resvg's WASM module, compiled once per process. */
function rasteriser(): Promise<void> {
  wasm ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')).then((bytes) => initWasm(bytes));
  return wasm;
}

const styles = new Map<string, Style>();
function style(name: 'notionists' | 'landscape'): Style {
  let loaded = styles.get(name);
  if (!loaded) {
    loaded = new Style(require(`@dicebear/styles/${name}.json`) as StyleDefinition);
    styles.set(name, loaded);
  }
  return loaded;
}

async function toPng(svg: string, width: number): Promise<Uint8Array> {
  await rasteriser();
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width } });
  try {
    return image.render().asPng();
  } finally {
    image.free();
  }
}

/** A member's profile picture: a face on a soft colour, PNG, FACE_SIZE square. */
export function drawFace(seed: string): Promise<Uint8Array> {
  const svg = new Avatar(style('notionists'), { seed, backgroundColor: FACE_BACKGROUNDS }).toString();
  return toPng(svg, FACE_SIZE);
}

/** A member's cover: a landscape's band of sky and hills, COVER_WIDTH x COVER_HEIGHT, PNG. */
export function drawCover(seed: string): Promise<Uint8Array> {
  const square = new Avatar(style('landscape'), { seed }).toString();
  // The drawing is a 100x100 square; the cover shows a third of it, from the sun down to the hills.
  // Its clip to the square is dropped: the cover's own edges clip it, and resvg paints a clip as a
  // separate mask layer (three times the time of the drawing without it).
  const svg = square
    .replace(
      'viewBox="0 0 100 100"',
      `width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 18 100 33.3" preserveAspectRatio="xMidYMid slice"`,
    )
    .replace(/ clip-path="url\(#[^)]*\)"/, '');
  return toPng(svg, COVER_WIDTH);
}
