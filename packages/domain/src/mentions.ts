// @mentions (issue 28). A mention is stored as an id, never as a name, so a rename shows the new
// name wherever the mention is read: `<@{userId}>` in chat and direct-message text, and a
// `mention` node (`{ type: 'mention', userId, text }`) in a post's or comment's Lexical JSON.
// `<@here>` (members online now) and `<@space>` (every member) exist in space chat only, for the
// space's admins and moderators and the community's admins; from anyone else the server stores
// them as the plain words "@here" / "@space".

import { z } from 'zod';

export type MentionedMember = { id: string; firstName: string; lastName: string };
/** One entry of the composer's autocomplete (`GET …/mention-candidates`). */
export type MentionCandidate = MentionedMember & { imageUrl: string | null };
export type MentionCandidatesResponse = { items: MentionCandidate[] };

export const BROADCAST_MENTIONS = ['here', 'space'] as const;
export type BroadcastMention = (typeof BROADCAST_MENTIONS)[number];

/** How many candidates the autocomplete shows, and how many people one message may notify by name. */
export const MENTION_CANDIDATES_LIMIT = 8;
export const MENTIONS_PER_MESSAGE_MAX = 20;

/** The Lexical node type of a mention in a post or a comment. */
export const MENTION_NODE_TYPE = 'mention';

const TOKEN = /<@([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|here|space)>/g;

export const mentionToken = (id: string | BroadcastMention) => `<@${id}>`;

export type MentionSegment =
  | { kind: 'text'; text: string }
  | { kind: 'member'; id: string }
  | { kind: 'broadcast'; which: BroadcastMention };

/** Text cut at its mention tokens, in order (what the message renders). */
export function splitMentions(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: 'text', text: text.slice(last, at) });
    const id = match[1] ?? '';
    if (id === 'here' || id === 'space') segments.push({ kind: 'broadcast', which: id });
    else segments.push({ kind: 'member', id: id.toLowerCase() });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The distinct member ids a text mentions (in order) and its broadcast, `space` winning over `here`. */
export function parseMentions(text: string): { userIds: string[]; broadcast: BroadcastMention | null } {
  const userIds: string[] = [];
  let broadcast: BroadcastMention | null = null;
  for (const segment of splitMentions(text)) {
    if (segment.kind === 'member' && !userIds.includes(segment.id)) userIds.push(segment.id);
    if (segment.kind === 'broadcast' && broadcast !== 'space') broadcast = segment.which;
  }
  return { userIds, broadcast };
}

export const mentionName = (member: Pick<MentionedMember, 'firstName' | 'lastName'>) =>
  `@${member.firstName} ${member.lastName}`.trim();

/**
 * The text with each token replaced by `@First Last` (names from `members`); a token naming no one
 * known stays out of sight as "@unknown". For previews, titles and search.
 */
export function mentionsAsText(text: string, members: readonly MentionedMember[]): string {
  return splitMentions(text)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (segment.kind === 'broadcast') return `@${segment.which}`;
      const member = members.find((candidate) => candidate.id === segment.id);
      return member ? mentionName(member) : '@unknown';
    })
    .join('');
}

/**
 * What the composer sends: each picked member's `@First Last` in the typed text becomes their
 * token (longest names first, so "@Ann Lee" does not eat the start of "@Ann Leeway"); `@here` and
 * `@space` become tokens only when `broadcast` allows them. A name typed by hand without picking
 * stays text.
 */
export function encodeMentions(text: string, picked: readonly MentionedMember[], broadcast: boolean): string {
  const names = [...picked]
    .map((member) => ({ name: mentionName(member), token: mentionToken(member.id) }))
    .concat(
      broadcast ? BROADCAST_MENTIONS.map((which) => ({ name: `@${which}`, token: mentionToken(which) })) : [],
    )
    .sort((a, b) => b.name.length - a.name.length);
  if (names.length === 0) return text;
  const pattern = new RegExp(
    `(${names.map(({ name }) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return text.replace(pattern, (name) => names.find((entry) => entry.name === name)?.token ?? name);
}

/** The `@word` being typed just before the caret, if any: what the autocomplete looks up. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s(])@([\p{L}\p{N}'-]{0,30}(?: [\p{L}\p{N}'-]{0,30})?)$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

type LexicalLike = { type?: unknown; userId?: unknown; children?: unknown; root?: unknown };

/** The distinct member ids mentioned by `mention` nodes of a Lexical document (JSON or parsed). */
export function lexicalMentionIds(document: unknown): string[] {
  const ids: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 64) return;
    const { type, userId, children, root } = node as LexicalLike;
    if (type === MENTION_NODE_TYPE && typeof userId === 'string' && !ids.includes(userId.toLowerCase()))
      ids.push(userId.toLowerCase());
    if (root) visit(root, depth + 1);
    if (Array.isArray(children)) for (const child of children) visit(child, depth + 1);
  };
  if (typeof document === 'string') {
    try {
      visit(JSON.parse(document), 0);
    } catch {
      return [];
    }
  } else visit(document, 0);
  return ids;
}

/** `GET …/mention-candidates?q=`: the letters typed after "@" (empty: the first few members). */
export const MentionQuery = z.object({ q: z.string().max(61).default('') });

/**
 * A copy of a Lexical document whose `mention` nodes are settled by `nameOf`: a member it returns
 * keeps the node with their current name as its text; for anyone else (null) the node becomes
 * plain text "@unknown" or the `fallback` name. Used when a post or comment is written (people who
 * cannot read the place become text) and read (a rename shows).
 */
export function settleLexicalMentions(
  document: unknown,
  nameOf: (userId: string) => { keep: boolean; name: string | null },
): unknown {
  const visit = (node: unknown, depth: number): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node) || depth > 64) return node;
    const record = node as Record<string, unknown>;
    if (record.type === MENTION_NODE_TYPE && typeof record.userId === 'string') {
      const { keep, name } = nameOf(record.userId.toLowerCase());
      const text = name ? `@${name}` : typeof record.text === 'string' && !keep ? record.text : '@unknown';
      if (keep) return { ...record, userId: record.userId.toLowerCase(), text };
      return { type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' };
    }
    const copy: Record<string, unknown> = { ...record };
    if (Array.isArray(record.children))
      copy.children = record.children.map((child) => visit(child, depth + 1));
    if (record.root) copy.root = visit(record.root, depth + 1);
    return copy;
  };
  return visit(document, 0);
}
