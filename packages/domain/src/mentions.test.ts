import { describe, expect, it } from 'vitest';
import {
  encodeMentions,
  lexicalMentionIds,
  mentionQueryAt,
  mentionsAsText,
  parseMentions,
  splitMentions,
} from './mentions.ts';

const ADA = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Lovelace' };
const ANN = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Ann', lastName: 'Lee' };
const ANNE = { id: '33333333-3333-4333-8333-333333333333', firstName: 'Ann', lastName: 'Leeway' };

describe('mention tokens', () => {
  it('cuts a text at its tokens, ids lower-cased, anything else left as text', () => {
    expect(splitMentions(`hi <@${ADA.id.toUpperCase()}>, <@here> <@nobody> <@space>!`)).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'member', id: ADA.id },
      { kind: 'text', text: ', ' },
      { kind: 'broadcast', which: 'here' },
      { kind: 'text', text: ' <@nobody> ' },
      { kind: 'broadcast', which: 'space' },
      { kind: 'text', text: '!' },
    ]);
    expect(splitMentions('no mentions')).toEqual([{ kind: 'text', text: 'no mentions' }]);
  });

  it('lists each member once and lets @space win over @here', () => {
    expect(parseMentions(`<@${ADA.id}> <@here> <@${ADA.id}> <@space> <@${ANN.id}>`)).toEqual({
      userIds: [ADA.id, ANN.id],
      broadcast: 'space',
    });
    expect(parseMentions('plain')).toEqual({ userIds: [], broadcast: null });
  });

  it('reads as names, an unknown id as @unknown', () => {
    expect(mentionsAsText(`<@${ADA.id}> and <@${ANN.id}> <@here>`, [ADA])).toBe(
      '@Ada Lovelace and @unknown @here',
    );
  });

  it('encodes picked names, the longest first, and a broadcast only when allowed', () => {
    const typed = 'Hi @Ann Leeway and @Ann Lee, @Ada Lovelace2 @here';
    expect(encodeMentions(typed, [ANN, ANNE, ADA], false)).toBe(
      `Hi <@${ANNE.id}> and <@${ANN.id}>, @Ada Lovelace2 @here`,
    );
    expect(encodeMentions('@here now', [], true)).toBe('<@here> now');
    expect(encodeMentions('@here now', [], false)).toBe('@here now');
  });

  it('finds the @word before the caret', () => {
    expect(mentionQueryAt('hello @Ad', 9)).toEqual({ start: 6, query: 'Ad' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hello @Ada Lo', 13)).toEqual({ start: 6, query: 'Ada Lo' });
    expect(mentionQueryAt('mail me@example', 15)).toBeNull();
    expect(mentionQueryAt('hello @Ada', 3)).toBeNull();
  });

  it('collects the mention nodes of a Lexical document', () => {
    const doc = {
      root: {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'mention', userId: ADA.id, text: '@Ada Lovelace' }] },
          {
            type: 'paragraph',
            children: [
              { type: 'mention', userId: ADA.id },
              { type: 'mention', userId: ANN.id },
            ],
          },
        ],
      },
    };
    expect(lexicalMentionIds(doc)).toEqual([ADA.id, ANN.id]);
    expect(lexicalMentionIds(JSON.stringify(doc))).toEqual([ADA.id, ANN.id]);
    expect(lexicalMentionIds('not json')).toEqual([]);
  });
});
