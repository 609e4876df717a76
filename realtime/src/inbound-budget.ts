// What a client may send to a room, for every room kind in one place (issue 27): a maximum frame
// size and a per-connection budget of frames, checked by CommandRoom before anything else reads the
// frame (no attachment read, no JSON). A socket past either is closed with 1008 (policy violation);
// a room whose clients only listen closes a socket on its first frame.
export type InboundLimits = {
  /** Longest frame accepted: characters of a text frame, bytes of a binary one. */
  maxFrameLength: number;
  /** Frames a connection may send at once (a full bucket)… */
  burstFrames: number;
  /** …and the rate the bucket refills at, frames per second. */
  framesPerSecond: number;
};

/** User, presence and posts rooms: the server speaks, clients only listen. */
export const LISTEN_ONLY = null;

/**
 * Space and conversation rooms: clients send `{"type":"typing"}` (17 characters), at most one per
 * TYPING_INTERVAL_MS (2 s) from the shipped client. The budget allows four times that rate, and a
 * burst of ten (a reconnect on a slow network delivering a queue at once), so no person typing
 * comes near it while a script is closed after its eleventh frame.
 */
export const CHAT_INBOUND: InboundLimits = { maxFrameLength: 1024, burstFrames: 10, framesPerSecond: 2 };

/** A frame's refusal: the reason sent with the 1008 close. */
export type Refusal = 'This room only sends' | 'Frame too large' | 'Too many frames';

type Bucket = { frames: number; at: number; closed: boolean };

/**
 * The budgets of one room's sockets. Kept in memory beside each socket (not in its attachment,
 * which costs a serialisation per frame): a room hibernates only after seconds without events, by
 * which time any bucket has refilled, so waking with full buckets forgives nothing.
 */
export class InboundBudget {
  private readonly buckets = new WeakMap<WebSocket, Bucket>();

  constructor(private readonly limits: InboundLimits | typeof LISTEN_ONLY) {}

  /**
   * 'accept', 'drop' (the socket was already refused: frames still in flight are not read), or
   * the refusal to close the socket with.
   */
  check(
    socket: WebSocket,
    frame: string | ArrayBuffer | ArrayBufferView,
    now: number,
  ): 'accept' | 'drop' | Refusal {
    let bucket = this.buckets.get(socket);
    if (bucket?.closed) return 'drop';
    const limits = this.limits;
    if (!limits) return this.refuse(socket, bucket, now, 'This room only sends');
    const length = typeof frame === 'string' ? frame.length : frame.byteLength;
    if (length > limits.maxFrameLength) return this.refuse(socket, bucket, now, 'Frame too large');
    if (!bucket) {
      bucket = { frames: limits.burstFrames, at: now, closed: false };
      this.buckets.set(socket, bucket);
    }
    bucket.frames = Math.min(
      limits.burstFrames,
      bucket.frames + ((now - bucket.at) / 1000) * limits.framesPerSecond,
    );
    bucket.at = now;
    if (bucket.frames < 1) return this.refuse(socket, bucket, now, 'Too many frames');
    bucket.frames -= 1;
    return 'accept';
  }

  private refuse(socket: WebSocket, bucket: Bucket | undefined, now: number, refusal: Refusal): Refusal {
    if (bucket) bucket.closed = true;
    else this.buckets.set(socket, { frames: 0, at: now, closed: true });
    return refusal;
  }
}
