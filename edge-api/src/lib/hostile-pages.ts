// The hostile pages of issue 27 (the unit tests' and bench/link-preview.ts's): the regular
// expressions link previews used before htmlparser2 backtracked quadratically on them, 24 s of CPU
// for 256 KB of repeated `<title`.

const KB_256 = 256 * 1024;
const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

export const HOSTILE_PAGE_BYTES = KB_256;

export const HOSTILE_PAGES: Record<string, string> = {
  'repeated <title': repeatTo('<title', KB_256),
  'repeated <link rel=': repeatTo('<link rel=', KB_256),
  'repeated <link rel="icon" without >': repeatTo('<link rel="icon" ', KB_256),
  'an unclosed <title>': `<title>${'x'.repeat(KB_256)}`,
};
