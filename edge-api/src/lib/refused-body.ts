// A request refused before its body was read (too large, not signed in, not allowed) still has its
// body read to the end, up to a bound, before the answer goes out. workerd, serving clients directly
// in the local stack (ADR 25), resets a connection whose request body was left unread: a client
// still sending a file then sees a broken pipe instead of the 413 or 403 and its message. Reading
// and dropping a few MB costs the Worker next to no CPU.

/** Beyond this the client gets the reset: nobody sends that much by mistake. */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of `request`'s body, up to `limit` bytes; never throws. */
export async function discardBody(request: Request, limit = DISCARD_LIMIT_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return; // locked: something is still reading it
  }
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nobody is left to answer
  }
}
