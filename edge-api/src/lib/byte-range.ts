// The one `Range` a media player sends to seek (RFC 9110 section 14), read against the object's size.
export type ByteRange = { offset: number; length: number };

/**
 * One `bytes=` range of an object of `size` bytes (what a <video> or <audio> asks for to seek):
 * `start-end`, `start-` or `-suffix`. Null when there is no usable single range (absent, several, or
 * not bytes): the whole object is served, as RFC 9110 allows. 'unsatisfiable' for a range that
 * starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}
