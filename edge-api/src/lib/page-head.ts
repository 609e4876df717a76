// The title and favicon of a fetched page (link previews, the admin panel's URLs), read with
// htmlparser2 (ADR 0019): a streaming tokenizer that does one pass over its input, so a hostile page
// costs time in proportion to its size. The regular expressions this replaces backtracked
// quadratically on a page of repeated `<title` or `<link rel=` (a 256 KB page took 24 s of CPU).
// Only the head is wanted: reading stops at its end, the first body tag, or HEAD_MAX_BYTES.
import { Parser } from 'htmlparser2';

/** Enough for the head of real pages (inline styles and scripts included); the rest is not read. */
export const HEAD_MAX_BYTES = 64 * 1024;
/** A title longer than this is cut: it is a label beside a link, not the page's text. */
export const TITLE_MAX_CHARS = 200;

export type PageHead = { title: string | null; iconHref: string | null };

const isIconRel = (rel: string | undefined) => (rel ?? '').toLowerCase().split(/\s+/).includes('icon');

/** Feeds text to htmlparser2 and keeps the first `<title>` and the first `<link rel="… icon …">`. */
export class PageHeadParser {
  /** True once the head is over (or both things are found): nothing after it is wanted. */
  done = false;
  private title: string | null = null;
  private titleText: string | null = null;
  private iconHref: string | null = null;
  private readonly parser = new Parser(
    {
      onopentag: (name, attributes) => {
        if (name === 'title' && this.title === null) this.titleText = '';
        else if (name === 'link' && this.iconHref === null && isIconRel(attributes.rel) && attributes.href)
          this.iconHref = attributes.href;
        else if (name === 'body') this.finish();
      },
      ontext: (text) => {
        // Bounded: an unclosed title must not gather the whole page.
        if (this.titleText !== null && this.titleText.length <= TITLE_MAX_CHARS * 4) this.titleText += text;
      },
      onclosetag: (name, isImplied) => {
        if (name === 'title' && this.titleText !== null) {
          // A title cut off by the end of what was read is not the page's title.
          if (!isImplied) this.title = cleanTitle(this.titleText);
          this.titleText = null;
        } else if (name === 'head') this.finish();
        if (this.title !== null && this.iconHref !== null) this.finish();
      },
    },
    { decodeEntities: true },
  );

  write(text: string): void {
    if (!this.done) this.parser.write(text);
  }

  result(): PageHead {
    if (!this.done) this.parser.end();
    return { title: this.title, iconHref: this.iconHref };
  }

  private finish() {
    this.done = true;
    this.parser.pause();
  }
}

function cleanTitle(text: string): string | null {
  const title = text.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS).trim();
  return title === '' ? null : title;
}

/** Parses a whole string (tests and benchmarks; fetched pages go through readPageHead). */
export function parsePageHead(html: string): PageHead {
  const parser = new PageHeadParser();
  parser.write(html);
  return parser.result();
}

/**
 * Reads a page's body only as far as its head goes (at most `maxBytes`), then cancels the rest, so
 * a large or endless body costs neither time nor memory.
 */
export async function readPageHead(
  body: ReadableStream<Uint8Array> | null,
  maxBytes = HEAD_MAX_BYTES,
): Promise<PageHead> {
  const parser = new PageHeadParser();
  if (!body) return parser.result();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  try {
    while (!parser.done && size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, maxBytes - size);
      size += part.length;
      parser.write(decoder.decode(part, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return parser.result();
}
