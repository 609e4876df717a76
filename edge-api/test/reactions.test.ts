// Issue 28, reactions, in both chats (a space's chat and a direct conversation): a reaction change is
// a revision of the message (reviseSequenced), so it travels as `message.updated` / `dm.updated` and
// comes back through `?changedAfter=` after a disconnect. One member, one of each emoji per message;
// toggling is idempotent; at most REACTION_EMOJI_MAX different emoji per message.
import { REACTION_EMOJI_MAX, REACTION_LIMIT_REACHED, REACTION_TO_DELETED } from '@community/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openRoom } from '../../realtime/test/socket-client.ts';
import { call, type Session } from '../../scripts/lib/api-test-client.ts';
import {
  addToSpace as addToWorldSpace,
  type Channel,
  type ChatWorld,
  chatChannels,
  listOf,
  newMember as newMemberBy,
  sendTo,
  setUpChats,
} from './chat-fixtures.ts';

let admin: Session;
let host: Session; // the space's admin
let guest: Session;
let moderator: Session;
let ann: Session;
let spaceId: string;

const world = {} as ChatWorld;
const channels = chatChannels(world);
const send = sendTo;
const list = listOf;
const newMember = (firstName: string) => newMemberBy(admin, firstName);
const addToSpace = (member: Session) => addToWorldSpace(world, member);
const reaction = (path: string, messageId: string, emoji: string) =>
  `${path}/${messageId}/reactions/${encodeURIComponent(emoji)}`;
const react = (channel: Channel, session: Session, messageId: string, emoji: string, add = true) =>
  call(reaction(channel.path(), messageId, emoji), { method: add ? 'PUT' : 'DELETE', token: session.token });

type Summary = { emoji: string; count: number; mine?: boolean; reactors: { id: string }[] };
const summaryOf = (message: { reactions: Summary[] }, emoji: string) =>
  message.reactions.find((r) => r.emoji === emoji);

beforeAll(async () => {
  ({ admin, host, guest, moderator, ann, spaceId } = await setUpChats(world, 'Reactions', 7));
});

describe.each(channels)('reactions ($kind)', (channel) => {
  it('toggles idempotently: one per member and emoji, counted once, mine for the reactor only', async () => {
    const message = (await send(channel, channel.author(), 'react to me')).body.message;
    expect(message.reactions).toEqual([]);
    const first = await react(channel, channel.reader(), message.id, '👍');
    expect(first.status).toBe(200);
    expect(summaryOf(first.body.message, '👍')).toMatchObject({ count: 1, mine: true });
    const again = await react(channel, channel.reader(), message.id, '👍');
    expect(again.status).toBe(200);
    expect(again.body.message.rev).toBe(first.body.message.rev); // nothing changed, nothing counted
    expect(summaryOf(again.body.message, '👍')).toMatchObject({ count: 1, mine: true });
    const second = await react(channel, channel.author(), message.id, '👍');
    expect(summaryOf(second.body.message, '👍')).toMatchObject({ count: 2, mine: true });
    expect(summaryOf(second.body.message, '👍')?.reactors.map((r) => r.id)).toEqual([
      channel.author().user.id,
      channel.reader().user.id,
    ]);
    // The reader's page: 2, mine, the reader named first.
    const page = await list(channel, channel.reader());
    const read = page.body.items.find((m: { id: string }) => m.id === message.id);
    expect(summaryOf(read, '👍')).toMatchObject({ count: 2, mine: true });
    expect(summaryOf(read, '👍')?.reactors[0]?.id).toBe(channel.reader().user.id);
    // Removing twice is one removal; removing one never added is fine.
    expect((await react(channel, channel.reader(), message.id, '👍', false)).status).toBe(200);
    const removedAgain = await react(channel, channel.reader(), message.id, '👍', false);
    expect(removedAgain.status).toBe(200);
    expect(summaryOf(removedAgain.body.message, '👍')).toMatchObject({ count: 1, mine: false });
    expect((await react(channel, channel.reader(), message.id, '🎉', false)).status).toBe(200);
    const last = await react(channel, channel.author(), message.id, '👍', false);
    expect(last.body.message.reactions).toEqual([]);
  });

  it('refuses what is not one emoji, a deleted message and a message that does not exist', async () => {
    const message = (await send(channel, channel.author(), 'soon gone')).body.message;
    for (const wrong of ['a', '👍👍', ':+1:', 'x'.repeat(80)]) {
      const answer = await react(channel, channel.reader(), message.id, wrong);
      expect(answer.status, wrong).toBe(400);
    }
    expect((await react(channel, channel.reader(), message.id, '👩🏽‍💻')).status).toBe(200);
    expect(
      (await call(`${channel.path()}/${message.id}`, { method: 'DELETE', token: channel.author().token }))
        .status,
    ).toBe(200);
    const late = await react(channel, channel.reader(), message.id, '😮');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(REACTION_TO_DELETED);
    const missing = await react(channel, channel.reader(), '00000000-0000-4000-8000-000000000000', '😮');
    expect(missing.status).toBe(404);
    // A deleted message shows no reactions.
    const page = await list(channel, channel.reader());
    expect(page.body.items.find((m: { id: string }) => m.id === message.id).reactions).toEqual([]);
  });

  it('sends the change live to the room, without anyone\'s "mine", and brings it on ?changedAfter', async () => {
    const message = (await send(channel, channel.author(), 'live')).body.message;
    const seen = await list(channel, channel.author());
    const watcher = await openRoom(channel.author(), channel.party, channel.room());
    try {
      const added = await react(channel, channel.reader(), message.id, '🎉');
      expect(added.status).toBe(200);
      await expect
        .poll(() => watcher.events.find((f) => f.type === channel.updated && f.message.id === message.id), {
          timeout: 2000,
        })
        .toBeTruthy();
      const frame = watcher.events.find((f) => f.type === channel.updated && f.message.id === message.id);
      expect(frame.message.rev).toBe(added.body.message.rev);
      expect(frame.message.reactions).toEqual([
        { emoji: '🎉', count: 1, reactors: [expect.objectContaining({ id: channel.reader().user.id })] },
      ]);
      // The author was away: the change comes back through the change sequence, once.
      const changed = await list(channel, channel.author(), `?changedAfter=${seen.body.lastRev}`);
      expect(changed.body.items).toEqual([
        expect.objectContaining({
          id: message.id,
          rev: added.body.message.rev,
          reactions: [expect.objectContaining({ emoji: '🎉', count: 1, mine: false })],
        }),
      ]);
    } finally {
      watcher.socket.close();
    }
  });
});

describe('reactions in a space', () => {
  it(`holds at most ${REACTION_EMOJI_MAX} different emoji per message; more of one already there is fine`, async () => {
    const message = (await send(channels[0]!, host, 'many')).body.message;
    const emoji = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛'].slice(0, REACTION_EMOJI_MAX + 1);
    for (const one of emoji.slice(0, REACTION_EMOJI_MAX)) {
      expect((await react(channels[0]!, moderator, message.id, one)).status, one).toBe(200);
    }
    const over = await react(channels[0]!, moderator, message.id, emoji[REACTION_EMOJI_MAX]!);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(REACTION_LIMIT_REACHED);
    const same = await react(channels[0]!, guest, message.id, emoji[0]!);
    expect(same.status).toBe(200);
    expect(summaryOf(same.body.message, emoji[0]!)).toMatchObject({ count: 2 });
    expect(same.body.message.reactions).toHaveLength(REACTION_EMOJI_MAX);
  });

  it('refuses a non-member of a private space before reading the emoji', async () => {
    const message = (await send(channels[0]!, host, 'members only')).body.message;
    expect((await react(channels[0]!, ann, message.id, '👍')).status).toBe(403);
    expect((await react(channels[0]!, ann, message.id, 'not an emoji')).status).toBe(403);
  });

  it("keeps a kicked member's reactions, and takes no more from them", async () => {
    const carol = await newMember('Carol');
    const memberId = await addToSpace(carol);
    const message = (await send(channels[0]!, host, 'before the kick')).body.message;
    expect((await react(channels[0]!, carol, message.id, '❤️')).status).toBe(200);
    const kicked = await call(`/api/spaces/${spaceId}/members/${memberId}`, {
      method: 'DELETE',
      token: host.token,
    });
    expect(kicked.status).toBe(200);
    expect((await react(channels[0]!, carol, message.id, '😢')).status).toBe(403);
    expect((await react(channels[0]!, carol, message.id, '❤️', false)).status).toBe(403);
    const page = await list(channels[0]!, host);
    const read = page.body.items.find((m: { id: string }) => m.id === message.id);
    expect(read.reactions).toEqual([
      expect.objectContaining({
        emoji: '❤️',
        count: 1,
        reactors: [expect.objectContaining({ id: carol.user.id })],
      }),
    ]);
  });
});
