// One chat as the page shows it (a space's or a direct conversation's: two adapters of this one store,
// ADR 13): the messages, merged from HTTP pages and socket events in
// whatever order and however often they arrive (MessageLog keeps one copy of each, in sequence order);
// the user's own messages while they are being sent (optimistic, kept in the page's outbox and retried
// with the same idempotency key, so a retry never makes a second message and a reload loses none); who
// is typing and who is here. Deploys and network
// drops close the socket, so every (re)connect fetches what came after the last sequence number seen,
// and what changed (edits, deletions) after the last change number (`rev`) the pages were read at.
import {
  createOutbox,
  isApiError,
  isPassingFailure,
  type Outbox,
  type OutboxKind,
  referenceOf,
} from '@community/api-client';

import {
  type ChatAttachment,
  CONTENT_EMPTY,
  EditMessageInput,
  MESSAGE_WAS_DELETED,
  type MessageQuote,
  NOT_YOUR_EDIT,
  quoteExcerpt,
  type ReactionSummary,
  SendMessageInput,
  type UserSummary,
} from '@community/domain';
import { type ClientFrame, MessageLog, type ServerEvent } from '@community/realtime-protocol';
// From 'valtio' (the page-wide shared singleton), not 'valtio/vanilla': a proxy made by a second copy
// of valtio is invisible to the shared useSnapshot.
import { proxy, ref, type Snapshot } from 'valtio';
import type { MessagePageQuery } from '../api/messages-api.ts';
import { resolveMine, toggleLocally } from './reactions.ts';

/** Newest and older pages. */
export const PAGE_SIZE = 50;
/** Resync pages (`?after=`): fetched until one comes back shorter than this. */
export const RESYNC_PAGE_SIZE = 100;
/** A typing signal goes out at most this often while the user types. */
export const TYPING_SEND_INTERVAL_MS = 2000;
/** How long "X is typing…" stays without a new signal (a little more than the send interval). */
export const TYPING_VISIBLE_MS = 3500;
/** A gap seen after a live message is given this long to fill from the socket before HTTP fills it. */
export const GAP_FILL_DELAY_MS = 1000;
const RESYNC_RETRY_MS = 3000;
const MAX_GAP_FETCHES = 50;

/** Reply and Edit as the message rows call them, bound to one store (stable: the rows are memoised). */
export function messageActionsOf<M extends ChatMessageLike>(store: ChatStore<M>) {
  return {
    onReply: (message: M) => store.replyTo(message),
    onStartEdit: (message: M) => store.startEditing(message.id),
    onSaveEdit: (message: M, content: string) => store.edit(message.id, content),
    onCancelEdit: () => store.startEditing(null),
  };
}

/** What the store needs of a message: a space's ChatMessage and a DirectMessage both fit. */
export type ChatMessageLike = {
  id: string;
  seq: number;
  content: string;
  attachments: ChatAttachment[];
  author: UserSummary;
  createdAt: string;
  deleted: boolean;
  clientKey: string | null;
  /** The channel's change counter at the message's latest change: a newer copy replaces an older. */
  rev: number;
  editedAt: string | null;
  replyTo: MessageQuote | null;
  /** Per emoji: count, first reactors, and (once merged here) whether the user is among them. */
  reactions?: ReactionSummary[];
};

/** An edit waiting in the outbox: which message, and the body of its PATCH. */
export type EditPayload = EditMessageInput & { messageId: string };

/** A page of messages in ascending seq (a space's MessagePage, a conversation's DirectMessagePage). */
export type ChatPage<M extends ChatMessageLike> = {
  items: M[];
  olderCursor: number | null;
  lastSeq: number;
  lastRev: number;
};

/**
 * A room event as the store understands it, whatever the room calls it: the channel's adapter maps
 * `message.created` / `dm.created` to `created`, and so on (see chat-channels.ts).
 */
export type ChatEvent<M extends ChatMessageLike> =
  | { type: 'created'; message: M }
  | { type: 'updated'; message: M }
  | { type: 'deleted'; id: string }
  | { type: 'read'; userId: string; seq: number }
  | { type: 'typing'; userId: string; name: string }
  | { type: 'presence'; userIds: string[] }
  | { type: 'members'; userId: string; change: 'joined' | 'left' | 'role' };

export type ChatApi<M extends ChatMessageLike> = {
  fetchMessages(query: MessagePageQuery): Promise<ChatPage<M>>;
  postMessage(input: SendMessageInput): Promise<{ message: M }>;
  editMessage(messageId: string, input: EditMessageInput): Promise<{ message: M }>;
  /**
   * Where an edit of this message waits in the page's outbox (`chat-edit` + space id, `dm-edit` +
   * conversation id): that kind's registered sender sends it after a reload.
   */
  editOutbox(message: M): { kind: OutboxKind; target: string };
  /** Adds (`add`) or removes the user's reaction; answers the message as the user sees it. */
  react?(messageId: string, emoji: string, add: boolean): Promise<{ message: M }>;
  /** This channel's room events in the store's terms; null for events that are not about it. */
  toChatEvent(event: ServerEvent): ChatEvent<M> | null;
};

export type ChatStatus = 'loading' | 'ready' | 'error' | 'not-found' | 'removed';

/**
 * `sending` on the first attempt; `waiting` ("Not sent yet") once an attempt failed for a passing
 * reason — the outbox keeps sending it with backoff, across reloads; `failed` when the server refused
 * it (`error` is its message): Retry or Discard.
 */
export type PendingMessage = {
  clientKey: string;
  content: string;
  attachments: ChatAttachment[];
  createdAt: string;
  status: 'sending' | 'waiting' | 'failed';
  error: string | null;
  /** The message it replies to, as the composer quoted it. */
  replyTo?: MessageQuote | null;
  /** While waiting: when the outbox sends it next, and whether the server said "too many requests". */
  retryAt?: string | null;
  rateLimited?: boolean;
};

// Message lists are replaced whole on every change and kept out of valtio's deep proxying (`ref`):
// a long chat would otherwise be proxied and snapshotted message by message.
type Ref<T extends object> = ReturnType<typeof ref<T>>;

export type ChatState<M extends ChatMessageLike = ChatMessageLike> = {
  status: ChatStatus;
  /** Committed, not deleted messages in sequence order. */
  messages: Ref<readonly M[]>;
  /** The user's messages not yet confirmed by the server, in the order they were written. */
  pending: Ref<readonly PendingMessage[]>;
  hasOlder: boolean;
  loadingOlder: boolean;
  connected: boolean;
  typing: readonly { userId: string; name: string }[];
  /** Who has the space open now (user ids). */
  presence: readonly string[];
  /** How far each participant has read (user id → seq), from the API and `read` events; only rises. */
  readSeqs: Record<string, number>;
  /** The message to scroll to and mark; `version` changes on every jump, even to the same one. */
  highlight: { seq: number; version: number } | null;
  /** The id of the user's own message shown as an inline editor, if any. */
  editing: string | null;
  /** What the next message sent replies to (the composer shows it, with an X). */
  replyingTo: MessageQuote | null;
  /** The failed first load's request id (`referenceOf`), for the error's "Reference". */
  reference: string | null;
};

/** What components read: a snapshot of the state (`useSnapshot(store.state)`). */
export type ChatView<M extends ChatMessageLike = ChatMessageLike> = Snapshot<ChatState<M>>;

/** `reference`: the request id of a refusal by the server (`referenceOf`), for a toast's "Reference". */
export type SendResult = { ok: true } | { ok: false; error: string; reference?: string | null };

export type ChatStoreOptions<M extends ChatMessageLike = ChatMessageLike> = {
  api: ChatApi<M>;
  me: Pick<UserSummary, 'id'> & Partial<Pick<UserSummary, 'firstName' | 'lastName'>>;
  /** Someone joined or left, or a role changed: the page reloads the space and its members. */
  onMembersChanged?: () => void;
  /** The user lost access (kicked, or left elsewhere): the socket must stop reconnecting. */
  onRemoved?: () => void;
  newClientKey?: () => string;
  now?: () => number;
  /**
   * Where unsent messages are kept: the page's persistent outbox (`outbox` of @community/api-client)
   * and this chat's place in it (a space's chat: `chat` + space id; a conversation: `dm` + the other
   * member's id). Without one (tests), a private in-memory outbox.
   */
  outbox?: { outbox: Outbox; kind: OutboxKind; target: string };
};

const tombstone = <M extends ChatMessageLike>(message: M): M => ({
  ...message,
  deleted: true,
  content: '',
  attachments: [],
});

function privateOutbox(userId: string) {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  const outbox = createOutbox({ storage, onBack: () => () => {} });
  outbox.setUser(userId);
  return { outbox, kind: 'chat' as const, target: 'this-chat' };
}

export class ChatStore<M extends ChatMessageLike = ChatMessageLike> {
  readonly state: ChatState<M> = proxy<ChatState<M>>({
    status: 'loading',
    messages: ref([]),
    pending: ref([]),
    hasOlder: false,
    loadingOlder: false,
    connected: false,
    typing: [],
    presence: [],
    readSeqs: {},
    highlight: null,
    editing: null,
    replyingTo: null,
    reference: null,
  });

  private readonly api: ChatApi<M>;
  private readonly options: ChatStoreOptions<M>;
  private readonly newClientKey: () => string;
  private readonly now: () => number;
  private readonly outbox: NonNullable<ChatStoreOptions['outbox']>;
  private log = new MessageLog<M>();
  private readonly deletedIds = new Set<string>();
  private olderCursor: number | null = null;
  /**
   * Every change up to this rev is in what the log holds: the first page's `lastRev`, moved on only
   * by complete `changedAfter` resyncs (a live event may have overtaken an earlier one it missed).
   */
  private changesSeen = 0;
  private firstLoad: Promise<void> | null = null;
  private resyncing: Promise<void> | null = null;
  private resyncAgain = false;
  private sendFrame: ((frame: ClientFrame) => void) | null = null;
  private lastTypingSentAt = Number.NEGATIVE_INFINITY;
  private readonly typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private opens = 0;

  constructor(options: ChatStoreOptions<M>) {
    this.options = options;
    this.api = options.api;
    this.newClientKey = options.newClientKey ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
    this.outbox = options.outbox ?? privateOutbox(options.me.id);
    this.stopFollowingWaits = this.followWaits();
  }

  private stopFollowingWaits: () => void;

  /** Copies, for the waiting messages, when the outbox sends each next (it records that after a failure). */
  private followWaits(): () => void {
    const { outbox } = this.outbox;
    return outbox.subscribe(() => {
      for (const pending of this.state.pending) {
        if (pending.status !== 'waiting') continue;
        const item = outbox.get(pending.clientKey);
        if (item && (item.retryAt !== pending.retryAt || item.rateLimited !== pending.rateLimited)) {
          this.updatePending(pending.clientKey, { retryAt: item.retryAt, rateLimited: item.rateLimited });
        }
      }
    });
  }

  // ---- loading ----

  /** Loads the newest page, or the page around `around` (a search hit) and everything after it. */
  start(around?: number): Promise<void> {
    this.firstLoad ??= this.loadFirstPage(around);
    return this.firstLoad;
  }

  /** After a failed first load: starts over. */
  reload(around?: number): Promise<void> {
    this.log = new MessageLog<M>();
    this.olderCursor = null;
    this.changesSeen = 0;
    this.state.status = 'loading';
    this.state.reference = null;
    this.publish();
    this.firstLoad = null;
    return this.start(around);
  }

  private async loadFirstPage(around?: number) {
    this.restoreUnsent();
    try {
      const page = await this.api.fetchMessages(around ? { around, limit: PAGE_SIZE } : { limit: PAGE_SIZE });
      if (this.disposed) return;
      this.olderCursor = page.olderCursor;
      this.changesSeen = page.lastRev;
      this.merge(page.items);
      if (this.state.status === 'loading') this.state.status = 'ready';
      if (around) this.highlight(around);
    } catch (error) {
      this.failed(error, 'first load');
      return;
    }
    // The socket opened while the page loaded, or the page is an old one: catch up now.
    if (around || this.state.connected) await this.resync();
  }

  /** The next older page, for scrolling up. */
  async loadOlder(): Promise<void> {
    if (this.olderCursor === null || this.state.loadingOlder || this.state.status !== 'ready') return;
    this.state.loadingOlder = true;
    try {
      const page = await this.api.fetchMessages({ before: this.olderCursor, limit: PAGE_SIZE });
      if (this.disposed) return;
      this.olderCursor = page.olderCursor;
      this.merge(page.items);
    } catch (error) {
      this.failed(error, 'older page');
    } finally {
      this.state.loadingOlder = false;
    }
  }

  /** Shows the message with this sequence number, loading it (and what follows) first if needed. */
  async jumpTo(seq: number): Promise<void> {
    if (!this.firstLoad) return this.start(seq);
    await this.firstLoad;
    if (this.disposed || this.state.status !== 'ready') return;
    if (!this.log.messages.some((message) => message.seq === seq)) {
      try {
        const page = await this.api.fetchMessages({ around: seq, limit: PAGE_SIZE });
        if (this.disposed) return;
        const oldest = this.log.messages[0]?.seq;
        const first = page.items[0]?.seq;
        if (oldest === undefined || (first !== undefined && first < oldest))
          this.olderCursor = page.olderCursor;
        this.merge(page.items);
      } catch (error) {
        this.failed(error, 'jump');
        return;
      }
      // Between the found page and the newest one there is a gap; resync fills it.
      await this.resync();
    }
    this.highlight(seq);
  }

  private highlight(seq: number) {
    this.state.highlight = { seq, version: (this.state.highlight?.version ?? 0) + 1 };
  }

  // ---- the socket ----

  attachSocket(send: (frame: ClientFrame) => void): void {
    this.sendFrame = send;
  }

  socketOpened(): void {
    this.state.connected = true;
    // Member changes have no resync of their own: after a reconnect, the page reloads them.
    if (++this.opens > 1) this.options.onMembersChanged?.();
    // Before the first page is in, its own end runs the resync (lastSeq would still be 0 here).
    if (this.state.status === 'ready') void this.resync();
  }

  socketClosed(): void {
    this.state.connected = false;
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
    this.state.typing = [];
  }

  /** The socket was refused (the ticket call answered 403 or 404). */
  accessDenied(status: number): void {
    if (status === 404) this.state.status = 'not-found';
    else this.markRemoved();
  }

  /** A frame from the room; the channel's adapter says what it means here. */
  handleEvent(frame: ServerEvent): void {
    if (this.disposed) return;
    const event = this.api.toChatEvent(frame);
    if (!event) return;
    switch (event.type) {
      case 'created':
        this.merge([event.message]);
        this.stopTyping(event.message.author.id);
        this.fillGapsSoon();
        break;
      case 'updated':
        // In place, for a message held; one not held yet comes whole with its page.
        if (this.log.get(event.message.id)) this.merge([event.message]);
        break;
      case 'deleted':
        this.applyDeleted(event.id);
        break;
      case 'read':
        this.applyRead(event.userId, event.seq);
        break;
      case 'members':
        if (event.userId === this.options.me.id && event.change === 'left') this.markRemoved();
        this.options.onMembersChanged?.();
        break;
      case 'typing':
        if (event.userId !== this.options.me.id) this.showTyping(event.userId, event.name);
        break;
      case 'presence':
        this.state.presence = event.userIds;
        break;
      default:
        break;
    }
  }

  /**
   * Fetches what came after the last message seen, page by page until a short page, then any gaps.
   * Runs one at a time; a call while one runs makes it go round once more.
   */
  resync(): Promise<void> {
    if (this.resyncing) {
      this.resyncAgain = true;
      return this.resyncing;
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.resyncing = (async () => {
      try {
        do {
          this.resyncAgain = false;
          await this.fetchAfter(this.log.lastSeq);
          await this.fetchChanges();
        } while (this.resyncAgain && !this.disposed);
        await this.fillGaps();
      } catch (error) {
        this.failed(error, 'resync');
      } finally {
        this.resyncing = null;
      }
    })();
    return this.resyncing;
  }

  /** Pages through `?after=` from `after`, stopping at a short page or once `until` is reached. */
  private async fetchAfter(after: number, until?: number) {
    let cursor = after;
    while (!this.disposed) {
      const page = await this.api.fetchMessages({ after: cursor, limit: RESYNC_PAGE_SIZE });
      if (this.disposed) return;
      this.merge(page.items);
      const last = page.items.at(-1);
      if (!last || page.items.length < RESYNC_PAGE_SIZE) return;
      if (until !== undefined && last.seq >= until) return;
      cursor = last.seq;
    }
  }

  /**
   * Pages through `?changedAfter=` (by rev): the edits and deletions missed while away, applied in
   * place to the messages held (others come whole with their page when scrolled to).
   */
  private async fetchChanges() {
    let cursor = this.changesSeen;
    while (!this.disposed) {
      const page = await this.api.fetchMessages({ changedAfter: cursor, limit: RESYNC_PAGE_SIZE });
      if (this.disposed) return;
      this.merge(page.items.filter((message) => this.log.get(message.id)));
      const last = page.items.at(-1);
      if (!last || page.items.length < RESYNC_PAGE_SIZE) {
        // A short page: every change up to the rev read before it is in.
        this.changesSeen = Math.max(cursor, page.lastRev, last?.rev ?? 0);
        return;
      }
      cursor = last.rev;
    }
  }

  private async fillGaps() {
    for (let round = 0; round < MAX_GAP_FETCHES && !this.disposed; round++) {
      const gaps = this.log.gaps();
      const first = gaps[0];
      if (first === undefined) return;
      const held = this.log.messages.length;
      const nextHeld = this.log.messages.find((message) => message.seq > first)?.seq;
      await this.fetchAfter(first - 1, nextHeld);
      // Nothing new: the server has no such messages; do not ask forever.
      if (this.log.messages.length === held) return;
    }
  }

  private fillGapsSoon() {
    if (this.gapTimer || this.log.gaps().length === 0 || this.state.status !== 'ready') return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      if (this.log.gaps().length > 0) void this.resync();
    }, GAP_FILL_DELAY_MS);
  }

  // ---- reactions ----

  /**
   * Adds (`add`) or removes the user's `emoji` on a message: shown at once, then the server's answer
   * (a newer rev) replaces it; if the call fails, the message goes back to what it was, unless
   * something newer came meanwhile. Answers the server's refusal, if any, for the page to show.
   */
  async react(messageId: string, emoji: string, add: boolean): Promise<SendResult> {
    const held = this.log.get(messageId);
    if (!held || held.deleted || !this.api.react) return { ok: false, error: 'Message not found' };
    const { id, firstName = '', lastName = '' } = this.options.me;
    this.log.merge([
      { ...held, reactions: toggleLocally(held.reactions, emoji, { id, firstName, lastName }, add) },
    ]);
    this.publish();
    try {
      const { message } = await this.api.react(messageId, emoji, add);
      if (!this.disposed) this.merge([message]);
      return { ok: true };
    } catch (error) {
      const current = this.log.get(messageId);
      if (!this.disposed && current && current.rev === held.rev) {
        this.log.merge([held]);
        this.publish();
      }
      return {
        ok: false,
        error: isApiError(error) ? error.message : 'Could not save your reaction.',
        reference: referenceOf(error),
      };
    }
  }

  // ---- merging ----

  /** `userId` has read up to `seq` (read positions only move forward; a late event changes nothing). */
  applyRead(userId: string, seq: number): void {
    if ((this.state.readSeqs[userId] ?? -1) >= seq) return;
    this.state.readSeqs[userId] = seq;
  }

  private merge(items: readonly M[]) {
    if (items.length === 0) return;
    const merged = items.map((incoming) => {
      // A copy older than the one held (a late `created` frame after an edit) changes nothing.
      const held = this.log.get(incoming.id);
      if (held && held.rev > incoming.rev) return held;
      // An event's reactions come without "mine" (it goes to every reader alike): work it out here.
      const message = incoming.reactions
        ? { ...incoming, reactions: resolveMine(incoming.reactions, held?.reactions, this.options.me.id) }
        : incoming;
      if (message.deleted) this.deletedIds.add(message.id);
      // A stale copy (an old socket frame) must not bring a deleted message back.
      return !message.deleted && this.deletedIds.has(message.id) ? tombstone(message) : message;
    });
    this.log.merge(merged);
    // Our own message came back (from the send, the socket or a resync): it is no longer pending.
    const confirmed = new Set(
      merged
        .filter((message) => message.author.id === this.options.me.id && message.clientKey)
        .map((message) => message.clientKey),
    );
    if (confirmed.size > 0 && this.state.pending.some((pending) => confirmed.has(pending.clientKey))) {
      this.state.pending = ref(this.state.pending.filter((pending) => !confirmed.has(pending.clientKey)));
    }
    // Committed, whoever told us (a page after a reload, the room): the outbox may forget it.
    for (const clientKey of confirmed) if (clientKey) this.outbox.outbox.remove(clientKey);
    this.publish();
  }

  /** A message deleted here or elsewhere disappears; it stays in the log so the sequence has no gap. */
  applyDeleted(id: string): void {
    this.deletedIds.add(id);
    if (this.state.editing === id) this.state.editing = null;
    const message = this.log.messages.find((held) => held.id === id);
    if (message && !message.deleted) {
      this.log.merge([tombstone(message)]);
      this.publish();
    }
  }

  private publish() {
    this.state.messages = ref(this.log.messages.filter((message) => !message.deleted));
    this.state.hasOlder = this.olderCursor !== null;
  }

  /** The highest sequence number held (for tests and diagnostics). */
  get lastSeq(): number {
    return this.log.lastSeq;
  }

  // ---- sending ----

  /**
   * Shows the message at once and sends it; rejects empty ones with the spec's text. It is in the
   * outbox before the first attempt, so a reload while it is on its way still has it.
   */
  send(content: string, attachments: ChatAttachment[] = []): SendResult {
    const clientKey = this.newClientKey();
    const replyTo = this.state.replyingTo;
    const parsed = SendMessageInput.safeParse({
      content,
      attachments,
      clientKey,
      ...(replyTo ? { replyToId: replyTo.id } : {}),
    });
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? CONTENT_EMPTY };
    const { outbox, kind, target } = this.outbox;
    const item = outbox.add({ clientKey, kind, target, payload: parsed.data });
    this.state.replyingTo = null;
    this.state.pending = ref([
      ...this.state.pending,
      { ...this.pendingOf(item.payload, item.createdAt), replyTo },
    ]);
    void this.deliver(clientKey);
    return { ok: true };
  }

  /** This chat's unsent messages from the outbox (written before a reload): shown, and sent again. */
  private restoreUnsent() {
    const { outbox, kind, target } = this.outbox;
    const held = new Set(this.state.pending.map((pending) => pending.clientKey));
    const restored = outbox
      .list<SendMessageInput>(kind, target)
      .filter((item) => !held.has(item.clientKey))
      .map((item) => ({
        ...this.pendingOf(item.payload, item.createdAt),
        status: item.refusal === null ? ('waiting' as const) : ('failed' as const),
        error: item.refusal,
        retryAt: item.retryAt,
        rateLimited: item.rateLimited,
      }));
    if (restored.length === 0) return;
    this.state.pending = ref([...this.state.pending, ...restored]);
    for (const pending of restored) if (pending.status === 'waiting') void this.deliver(pending.clientKey);
  }

  private pendingOf(input: SendMessageInput, createdAt: string): PendingMessage {
    return {
      clientKey: input.clientKey,
      content: input.content,
      attachments: input.attachments,
      createdAt,
      status: 'sending',
      error: null,
    };
  }

  /** Sends a refused message again, with the key it was first sent with. */
  retry(clientKey: string): void {
    if (this.findPending(clientKey)?.status === 'failed') void this.deliver(clientKey, true);
  }

  discard(clientKey: string): void {
    this.outbox.outbox.remove(clientKey);
    this.state.pending = ref(this.state.pending.filter((pending) => pending.clientKey !== clientKey));
  }

  private findPending(clientKey: string) {
    return this.state.pending.find((pending) => pending.clientKey === clientKey);
  }

  private updatePending(clientKey: string, patch: Partial<PendingMessage>) {
    this.state.pending = ref(
      this.state.pending.map((pending) =>
        pending.clientKey === clientKey ? { ...pending, ...patch } : pending,
      ),
    );
  }

  /**
   * Hands the message to the outbox, which sends it until the server answers (backoff on passing
   * failures, at once when the API is back); a passing failure shows it as "Not sent yet".
   */
  private async deliver(clientKey: string, again = false) {
    const { outbox } = this.outbox;
    if (this.findPending(clientKey)?.status !== 'waiting') {
      this.updatePending(clientKey, { status: 'sending', error: null });
    }
    const send = async (item: { payload: unknown }) => {
      try {
        return await this.api.postMessage(item.payload as SendMessageInput);
      } catch (error) {
        if (isPassingFailure(error) && !this.disposed) this.updatePending(clientKey, { status: 'waiting' });
        throw error;
      }
    };
    const result = again ? await outbox.retry(clientKey, send) : await outbox.deliver(clientKey, send);
    if (this.disposed) return;
    if (result.ok) {
      this.merge([result.result.message]);
      this.fillGapsSoon();
    } else if (result.gone) {
      // Discarded, or confirmed by a page or the room (merge took it off the list already).
      this.state.pending = ref(this.state.pending.filter((pending) => pending.clientKey !== clientKey));
    } else {
      console.error('[chat] send refused', result.error);
      // The server's refusal is worth showing ("You cannot send messages to this member.").
      this.updatePending(clientKey, { status: 'failed', error: result.error });
    }
  }

  // ---- replying ----

  /** The next message sent replies to this one; the composer quotes it. */
  replyTo(message: M): void {
    this.state.editing = null;
    this.state.replyingTo = {
      id: message.id,
      seq: message.seq,
      author: {
        id: message.author.id,
        firstName: message.author.firstName,
        lastName: message.author.lastName,
      },
      excerpt: quoteExcerpt(message.content),
      deleted: false,
    };
  }

  cancelReply(): void {
    this.state.replyingTo = null;
  }

  // ---- editing ----

  /** Shows one of the user's own messages as an inline editor (null: none). */
  startEditing(messageId: string | null): void {
    this.state.editing = messageId;
  }

  /** Up arrow in an empty composer: edits the user's last message; false when there is none. */
  editLast(): boolean {
    const last = this.log.messages.findLast(
      (message) => !message.deleted && message.author.id === this.options.me.id,
    );
    if (!last) return false;
    this.startEditing(last.id);
    return true;
  }

  /**
   * Saves the user's new text: shown at once, and kept in the outbox (like a send) until the server
   * takes it, with one client key, so a retry changes nothing. A newer edit of the same message
   * replaces one still waiting (the last edit wins).
   */
  edit(messageId: string, content: string): SendResult {
    const held = this.log.get(messageId);
    if (!held || held.deleted) return { ok: false, error: MESSAGE_WAS_DELETED };
    if (held.author.id !== this.options.me.id) return { ok: false, error: NOT_YOUR_EDIT };
    const clientKey = this.newClientKey();
    const parsed = EditMessageInput.safeParse({ content, clientKey });
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? CONTENT_EMPTY };
    if (parsed.data.content.trim() === '' && held.attachments.length === 0) {
      return { ok: false, error: CONTENT_EMPTY };
    }
    this.state.editing = null;
    if (parsed.data.content === held.content) return { ok: true };
    const { kind, target } = this.api.editOutbox(held);
    const { outbox } = this.outbox;
    for (const waiting of outbox.list<EditPayload>(kind, target)) {
      if (waiting.payload.messageId === messageId) outbox.remove(waiting.clientKey);
    }
    outbox.add<EditPayload>({ clientKey, kind, target, payload: { ...parsed.data, messageId } });
    // Same rev as held: the server's answer (the next rev) replaces it; a refusal puts `held` back.
    this.log.merge([{ ...held, content: parsed.data.content, editedAt: new Date(this.now()).toISOString() }]);
    this.publish();
    void this.deliverEdit(clientKey, held, parsed.data);
    return { ok: true };
  }

  private async deliverEdit(clientKey: string, before: M, input: EditMessageInput) {
    const result = await this.outbox.outbox.deliver(clientKey, () => this.api.editMessage(before.id, input));
    if (this.disposed) return;
    if (result.ok) {
      this.merge([result.result.message]);
    } else if (!result.gone) {
      console.error('[chat] edit refused', result.error);
      this.outbox.outbox.remove(clientKey);
      // Put the text back unless something newer came meanwhile.
      const now = this.log.get(before.id);
      if (now && now.rev === before.rev && !now.deleted) this.merge([before]);
    }
  }

  // ---- typing ----

  /** Called as the user types; tells the room at most every 2 seconds. */
  notifyTyping(): void {
    if (!this.sendFrame || !this.state.connected || this.state.status !== 'ready') return;
    const now = this.now();
    if (now - this.lastTypingSentAt < TYPING_SEND_INTERVAL_MS) return;
    this.lastTypingSentAt = now;
    this.sendFrame({ type: 'typing' });
  }

  private showTyping(userId: string, name: string) {
    const current = this.typingTimers.get(userId);
    if (current) clearTimeout(current);
    this.typingTimers.set(
      userId,
      setTimeout(() => this.stopTyping(userId), TYPING_VISIBLE_MS),
    );
    if (!this.state.typing.some((entry) => entry.userId === userId)) {
      this.state.typing = [...this.state.typing, { userId, name }];
    }
  }

  private stopTyping(userId: string) {
    const timer = this.typingTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.typingTimers.delete(userId);
    if (this.state.typing.some((entry) => entry.userId === userId)) {
      this.state.typing = this.state.typing.filter((entry) => entry.userId !== userId);
    }
  }

  // ---- failures and the end ----

  private markRemoved() {
    if (this.state.status === 'removed') return;
    this.state.status = 'removed';
    this.socketClosed();
    this.options.onRemoved?.();
  }

  private failed(error: unknown, during: string) {
    if (this.disposed) return;
    const status = isApiError(error) ? error.status : null;
    if (status === 403) {
      this.markRemoved();
      return;
    }
    if (status === 404) {
      this.state.status = 'not-found';
      this.options.onRemoved?.();
      return;
    }
    console.error(`[chat] ${during}`, error);
    if (during === 'first load') {
      this.state.reference = referenceOf(error);
      this.state.status = 'error';
    } else if (during === 'resync' && this.state.status === 'ready') {
      // Keep what we have and try again; nothing is lost, only late.
      this.retryTimer = setTimeout(() => void this.resync(), RESYNC_RETRY_MS);
    }
  }

  /** Mounted again after a dispose (React may unmount and mount an effect in development). */
  revive(): void {
    this.disposed = false;
    this.stopFollowingWaits();
    this.stopFollowingWaits = this.followWaits();
  }

  dispose(): void {
    this.disposed = true;
    this.stopFollowingWaits();
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
    if (this.gapTimer) clearTimeout(this.gapTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.sendFrame = null;
  }
}
