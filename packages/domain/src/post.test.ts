import { describe, expect, it } from 'vitest';
import {
  addPostTag,
  CreateCommentInput,
  CreatePostInput,
  isLexicalEmpty,
  normalizePostTag,
  normalizePostTags,
  UpdatePostInput,
} from './post.ts';
import { issuesOf } from './test-helpers.ts';

const doc = (...children: unknown[]) => ({ root: { type: 'root', children } });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const text = (value: string) => ({ type: 'text', text: value });

const hello = doc(paragraph(text('Hello')));
const empty = doc(paragraph());
const image = { name: 'a.png', url: 'https://cdn.example.com/a.png', type: 'img' };
/** What every new post carries besides its content. */
const base = { spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01', clientKey: 'key-12345678' };

describe('isLexicalEmpty', () => {
  it('treats an editor with only empty paragraphs as empty', () => {
    expect(isLexicalEmpty(empty)).toBe(true);
    expect(isLexicalEmpty(doc())).toBe(true);
  });

  it('treats whitespace, line breaks and tabs as empty', () => {
    expect(isLexicalEmpty(doc(paragraph(text('  '), { type: 'linebreak' }, { type: 'tab' })))).toBe(true);
  });

  it('finds text nested in lists', () => {
    const list = { type: 'list', children: [{ type: 'listitem', children: [text('item')] }] };
    expect(isLexicalEmpty(doc(paragraph(), list))).toBe(false);
  });

  it('counts a leaf without text, such as an image, as content', () => {
    expect(isLexicalEmpty(doc(paragraph({ type: 'image', src: 'x' })))).toBe(false);
  });

  it('treats anything that is not a Lexical state as empty', () => {
    expect(isLexicalEmpty(null)).toBe(true);
    expect(isLexicalEmpty('Hello')).toBe(true);
    expect(isLexicalEmpty({})).toBe(true);
  });
});

describe('post tags', () => {
  it('turns spaces into underscores', () => {
    expect(normalizePostTag('  web  design ')).toBe('web_design');
  });

  it('drops the # people type before a tag, as the tag is shown with one', () => {
    expect(normalizePostTag('#third')).toBe('third');
    expect(normalizePostTag(' ## big news ')).toBe('big_news');
    expect(addPostTag(['third'], '#third, #fourth')).toEqual(['third', 'fourth']);
    expect(normalizePostTags(['#', '##'])).toEqual([]);
  });

  it('drops empty and duplicate tags and keeps at most 3', () => {
    expect(normalizePostTags(['a b', 'a_b', ' ', 'c', 'd', 'e'])).toEqual(['a_b', 'c', 'd']);
  });

  it('adds the tags typed before a comma', () => {
    expect(addPostTag(['news'], 'big news, events')).toEqual(['news', 'big_news', 'events']);
  });

  it('ignores a fourth tag', () => {
    expect(addPostTag(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
  });
});

describe('CreatePostInput', () => {
  it('accepts a post with text and fills in defaults', () => {
    expect(CreatePostInput.parse({ ...base, content: hello })).toEqual({
      ...base,
      content: hello,
      attachments: [],
      tags: [],
    });
  });

  it('rejects an empty post without attachments', () => {
    expect(issuesOf(CreatePostInput.safeParse({ ...base, title: 'Hi', content: empty }))).toEqual([
      { path: 'content', message: 'Please type something or attach a file' },
    ]);
  });

  it('rejects a post without content', () => {
    expect(issuesOf(CreatePostInput.safeParse({ ...base, title: 'Hi' }))).toEqual([
      { path: 'content', message: 'Please type something or attach a file' },
    ]);
  });

  it('accepts an empty post with an attachment', () => {
    expect(CreatePostInput.safeParse({ ...base, content: empty, attachments: [image] }).success).toBe(true);
  });

  it('rejects more than 3 tags', () => {
    expect(
      issuesOf(CreatePostInput.safeParse({ ...base, content: hello, tags: ['a', 'b', 'c', 'd'] })),
    ).toEqual([{ path: 'tags', message: 'You can add up to 3 tags' }]);
  });

  it('normalises the tags it accepts', () => {
    expect(
      CreatePostInput.parse({ ...base, content: hello, tags: ['web design', 'web_design'] }).tags,
    ).toEqual(['web_design']);
  });

  it('rejects a scheduledAt that is not an ISO date-time', () => {
    expect(issuesOf(CreatePostInput.safeParse({ ...base, content: hello, scheduledAt: 'tomorrow' }))).toEqual(
      [{ path: 'scheduledAt', message: 'Please select a valid date' }],
    );
    expect(
      CreatePostInput.safeParse({ ...base, content: hello, scheduledAt: '2099-01-01T09:00:00.000Z' }).success,
    ).toBe(true);
  });

  it('rejects an attachment whose url is not http(s)', () => {
    const bad = { ...image, url: 'javascript:alert(1)' };
    expect(issuesOf(CreatePostInput.safeParse({ ...base, content: hello, attachments: [bad] }))).toEqual([
      { path: 'attachments.0.url', message: 'Please enter a valid URL' },
    ]);
  });

  it('rejects a scheduledAt in the past', () => {
    expect(
      issuesOf(
        CreatePostInput.safeParse({ ...base, content: hello, scheduledAt: '2020-01-01T09:00:00.000Z' }),
      ),
    ).toEqual([{ path: 'scheduledAt', message: 'Please select a valid date' }]);
  });

  it('counts tags once normalised: four that are three are fine', () => {
    expect(CreatePostInput.parse({ ...base, content: hello, tags: ['a b', 'a_b', 'c', 'd'] }).tags).toEqual([
      'a_b',
      'c',
      'd',
    ]);
  });

  it('rejects more than 10 attachments with the dropzone’s words', () => {
    expect(
      issuesOf(CreatePostInput.safeParse({ ...base, content: hello, attachments: Array(11).fill(image) })),
    ).toEqual([{ path: 'attachments', message: 'You can only add 10 file(s).' }]);
  });

  it('rejects content outside the rich-text allow-list', () => {
    const script = doc(paragraph({ type: 'script', text: 'x' }));
    expect(issuesOf(CreatePostInput.safeParse({ ...base, content: script }))).toEqual([
      { path: 'content', message: 'Unsupported content: node type "script"' },
    ]);
  });

  it('requires the space and a client key', () => {
    expect(issuesOf(CreatePostInput.safeParse({ content: hello })).map((issue) => issue.path)).toEqual([
      'spaceId',
      'clientKey',
    ]);
  });

  it('rejects unknown fields', () => {
    expect(CreatePostInput.safeParse({ ...base, content: hello, authorId: 'u1' }).success).toBe(false);
  });
});

describe('UpdatePostInput', () => {
  it('accepts the id, title and content the spec sends', () => {
    expect(
      UpdatePostInput.safeParse({ id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e04', title: 'T', content: hello })
        .success,
    ).toBe(true);
  });

  it('rejects emptied content', () => {
    expect(
      issuesOf(UpdatePostInput.safeParse({ id: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e04', content: empty })),
    ).toEqual([{ path: 'content', message: 'Please type something or attach a file' }]);
  });
});

describe('CreateCommentInput', () => {
  it('rejects an empty comment', () => {
    expect(issuesOf(CreateCommentInput.safeParse({ content: empty, clientKey: base.clientKey }))).toEqual([
      { path: 'content', message: 'Please type something or attach a file' },
    ]);
  });

  it('accepts a comment with text or with only an image', () => {
    expect(CreateCommentInput.safeParse({ content: hello, clientKey: base.clientKey }).success).toBe(true);
    expect(
      CreateCommentInput.safeParse({ content: empty, imageUrl: image.url, clientKey: base.clientKey })
        .success,
    ).toBe(true);
  });
});
