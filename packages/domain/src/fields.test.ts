import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CreateInviteInput,
  CreateUrlsInput,
  ImportUserRow,
  UpdateAdminInfoInput,
  UpdateCommunityInput,
  UpdateUserFeaturesInput,
  UserFormInput,
} from './admin.ts';
import { AcceptInviteInput, LoginInput, RealtimeTicketInput } from './auth.ts';
import { MessageListQuery, SendMessageInput } from './chat.ts';
import { eventInputSchema, RsvpInput } from './event.ts';
import { hasOnlyAllowedCharacters, longText, text, uuid } from './fields.ts';
import * as domain from './index.ts';
import { CreateCommentInput, CreatePostInput, UpdatePostInput } from './post.ts';
import { CompleteProfileInput, profileInputSchema } from './profile.ts';
import { AddSpaceUserInput, CreateSpaceInput, UpdateSpaceInput } from './space.ts';
import { issuesOf } from './test-helpers.ts';

const ID = '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01';
const now = new Date('2030-06-15T12:00:00.000Z');

describe('text building blocks', () => {
  it('refuses NUL, other control characters and broken surrogate pairs, naming the field', () => {
    const name = text('Name', 10);
    for (const bad of [
      'a\u0000b',
      'a\u0007',
      '\u001b[31m',
      'a\u007f',
      'a\u0085',
      'a\nb',
      'a\tb',
      '\ud800x',
      'x\udc00',
    ]) {
      expect(issuesOf(name.safeParse(bad)), JSON.stringify(bad)).toEqual([
        { path: '', message: 'Name contains characters that are not allowed.' },
      ]);
    }
    expect(name.parse(' Zoë 👩‍💻 ')).toBe('Zoë 👩‍💻');
  });

  it('lets long text keep tabs and line breaks but nothing else', () => {
    const bio = longText('Bio', 50);
    expect(bio.parse('line one\r\nline two\n\tindented')).toBe('line one\r\nline two\n\tindented');
    expect(issuesOf(bio.safeParse('a\u0000'))).toEqual([
      { path: '', message: 'Bio contains characters that are not allowed.' },
    ]);
    expect(issuesOf(bio.safeParse('a\u000bb'))).toEqual([
      { path: '', message: 'Bio contains characters that are not allowed.' },
    ]);
  });

  it('measures the length after trimming and says the maximum', () => {
    expect(text('Name', 3).parse('  abc  ')).toBe('abc');
    expect(issuesOf(longText('Bio', 2000).safeParse('x'.repeat(2001)))).toEqual([
      { path: '', message: 'Bio must be at most 2,000 characters.' },
    ]);
  });

  it('accepts only UUIDs as ids', () => {
    expect(uuid('User').parse(ID)).toBe(ID);
    // Canonical lower case, whatever case it came in (issue 27).
    expect(uuid('User').parse(ID.toUpperCase())).toBe(ID.toLowerCase());
    for (const bad of ['abc', '', `${ID}x`, "1' or '1'='1", 12]) {
      expect(issuesOf(uuid('User').safeParse(bad))).toEqual([
        { path: '', message: 'User is not a valid id.' },
      ]);
    }
    expect(issuesOf(uuid('Space', 'Space is required.').safeParse(''))).toEqual([
      { path: '', message: 'Space is required.' },
    ]);
  });

  it('tells the characters apart', () => {
    expect(hasOnlyAllowedCharacters('plain')).toBe(true);
    expect(hasOnlyAllowedCharacters('two\nlines')).toBe(false);
    expect(hasOnlyAllowedCharacters('two\nlines', true)).toBe(true);
    expect(hasOnlyAllowedCharacters('😀')).toBe(true);
  });
});

// Every string field of every request body: [schema, a valid body, field path, label, maximum].
type Case = [
  name: string,
  schema: z.ZodType,
  valid: Record<string, unknown>,
  field: string,
  label: string,
  max: number,
];
const space = { name: 'Design', description: 'All about design' };
const event = {
  title: 'Launch',
  description: 'Come along',
  spaceId: ID,
  hostId: ID,
  startDate: '2030-06-20T18:00:00.000Z',
  endDate: '2030-06-20T19:00:00.000Z',
  location: 'IN_PERSON',
  address: { city: 'Paris', name: 'Hall', full_address: '1 rue de Rivoli', lat: 48.86, lng: 2.35 },
  color: '#123456',
  tags: ['music'],
};
const user = {
  firstName: 'Ann',
  lastName: 'Lee',
  pseudo: 'ann',
  email: 'ann@example.com',
  job: 'Designer',
  company: 'Acme',
  city: 'Oslo',
  features: ['events'],
};
const profile = profileInputSchema(now);
const eventSchema = eventInputSchema(now);
/** What every new post carries besides its content. */
const newPost = { spaceId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e01', clientKey: 'key-12345678' };
const doc = {
  root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }] },
};

const cases: Case[] = [
  ['space', CreateSpaceInput, space, 'name', 'Space name', 100],
  ['space', UpdateSpaceInput, space, 'color', 'Color', 32],
  ['event', eventSchema, event, 'title', 'Title', 200],
  ['event', eventSchema, event, 'description', 'Description', 2000],
  ['event', eventSchema, event, 'color', 'Color', 32],
  ['event', eventSchema, event, 'tags.0', 'Topic', 50],
  ['event', eventSchema, event, 'address.city', 'City', 100],
  ['event', eventSchema, event, 'address.name', 'Place name', 100],
  ['event', eventSchema, event, 'address.full_address', 'Address', 500],
  ['profile', profile, {}, 'firstName', 'First name', 100],
  ['profile', profile, {}, 'lastName', 'Last name', 100],
  ['profile', profile, {}, 'pseudo', 'Pseudo', 50],
  // phone: any 32 characters are not a phone number; its own tests are in profile.test.ts.
  ['profile', profile, {}, 'job', 'Job', 100],
  ['profile', profile, {}, 'company', 'Company', 100],
  ['profile', profile, {}, 'city', 'City', 100],
  ['profile', profile, {}, 'bio', 'Bio', 2000],
  ['profile', profile, { interests: ['a'] }, 'interests.0', 'Interest', 50],
  [
    'complete profile',
    CompleteProfileInput,
    { city: 'Oslo', job: 'Dev', company: 'Acme' },
    'job',
    'Job',
    100,
  ],
  [
    'accept invite',
    AcceptInviteInput,
    { token: 't', firstName: 'A', lastName: 'B', pseudo: 'ab', password: 'password-1' },
    'token',
    'Invitation token',
    200,
  ],
  [
    'accept invite',
    AcceptInviteInput,
    { token: 't', firstName: 'A', lastName: 'B', pseudo: 'ab', password: 'password-1' },
    'pseudo',
    'Pseudo',
    50,
  ],
  ['login', LoginInput, { email: 'a@b.co', password: 'x' }, 'password', 'Password', 128],
  ['chat', SendMessageInput, { content: 'hi', clientKey: 'key-12345' }, 'content', 'Message', 4000],
  ['chat search', MessageListQuery, {}, 'search', 'Search', 100],
  ['post', CreatePostInput, { ...newPost, content: doc }, 'title', 'Title', 200],
  ['post', CreatePostInput, { ...newPost, content: doc, tags: ['a'] }, 'tags.0', 'Tag', 50],
  ['post', UpdatePostInput, { content: doc }, 'title', 'Title', 200],
  [
    'post attachment',
    CreatePostInput,
    {
      ...newPost,
      content: doc,
      attachments: [{ name: 'a.png', url: 'https://a.example/a.png', type: 'img' }],
    },
    'attachments.0.name',
    'File name',
    255,
  ],
  ['user form', UserFormInput, user, 'firstName', 'First name', 100],
  ['user form', UserFormInput, user, 'pseudo', 'Pseudo', 50],
  ['user form', UserFormInput, user, 'job', 'Job', 100],
  ['user form', UserFormInput, user, 'company', 'Company', 100],
  ['user form', UserFormInput, user, 'city', 'City', 100],
  ['import row', ImportUserRow, user, 'lastName', 'Last name', 100],
  ['import row', ImportUserRow, user, 'job', 'Job', 100],
  [
    'community',
    UpdateCommunityInput,
    { communityName: 'C', communityLogo: 'https://a.example/l.png', communityUrl: 'demo' },
    'communityName',
    'Community name',
    100,
  ],
  [
    'community',
    UpdateCommunityInput,
    { communityName: 'C', communityLogo: 'https://a.example/l.png', communityUrl: 'demo' },
    'communityUrl',
    'Community URL',
    63,
  ],
  [
    'invite',
    CreateInviteInput,
    { email: 'a@b.co', communitySubdomain: 'demo' },
    'communitySubdomain',
    'Community subdomain',
    63,
  ],
  ['admin info', UpdateAdminInfoInput, { company: 'Acme', firstName: 'Ann' }, 'company', 'Company', 100],
  [
    'urls',
    CreateUrlsInput,
    { urls: [{ url: 'https://a.example', label: 'A' }], communityId: ID },
    'urls.0.label',
    'Label',
    100,
  ],
];

const setPath = (body: Record<string, unknown>, path: string, value: unknown) => {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: any = copy;
  for (const key of keys.slice(0, -1)) target = target[key];
  target[keys.at(-1)!] = value;
  return copy;
};

describe('every string field has a maximum length and refuses control characters', () => {
  const named = cases.map(([name, schema, valid, field, label, max]) => ({
    name,
    schema,
    valid,
    field,
    label,
    max,
  }));
  it.each(named)('$name: $field', ({ schema, valid, field, label, max }) => {
    expect(schema.safeParse(valid).success, 'the valid body parses').toBe(true);
    expect(schema.safeParse(setPath(valid, field, 'x'.repeat(max))).success, 'at the maximum').toBe(true);
    const tooLong = issuesOf(schema.safeParse(setPath(valid, field, 'x'.repeat(max + 1))));
    expect(tooLong).toHaveLength(1);
    expect(tooLong[0]?.path).toBe(field);
    const nul = issuesOf(schema.safeParse(setPath(valid, field, 'a\u0000b')));
    expect(nul).toEqual([{ path: field, message: `${label} contains characters that are not allowed.` }]);
  });

  it('keeps the spec’s text where the spec has one', () => {
    expect(issuesOf(CreateSpaceInput.safeParse({ ...space, description: 'x'.repeat(251) }))).toEqual([
      { path: 'description', message: 'Description must be at most 250 characters.' },
    ]);
    expect(issuesOf(CreateSpaceInput.safeParse({ ...space, name: '' }))).toEqual([
      { path: 'name', message: 'Space name is required.' },
    ]);
    expect(
      issuesOf(SendMessageInput.safeParse({ content: 'x'.repeat(4001), clientKey: 'key-12345' })),
    ).toEqual([{ path: 'content', message: 'Messages can be at most 4000 characters.' }]);
    expect(
      issuesOf(CreateInviteInput.safeParse({ email: `${'a'.repeat(250)}@b.co`, communitySubdomain: 'd' })),
    ).toEqual([{ path: 'email', message: 'Invalid email address' }]);
  });

  it('keeps new lines in a bio and a chat message, but not NUL', () => {
    expect(profile.parse({ bio: 'Hello\n\nI design' }).bio).toBe('Hello\n\nI design');
    expect(issuesOf(profile.safeParse({ bio: 'a\u0000' }))).toEqual([
      { path: 'bio', message: 'Bio contains characters that are not allowed.' },
    ]);
    expect(SendMessageInput.parse({ content: 'one\ntwo', clientKey: 'key-12345' }).content).toBe('one\ntwo');
  });

  it('refuses control characters in URLs with the URL message', () => {
    expect(issuesOf(eventSchema.safeParse({ ...event, bannerUrl: 'https://a.example/\u0000.png' }))).toEqual([
      { path: 'bannerUrl', message: 'Please enter a valid URL' },
    ]);
    expect(
      issuesOf(eventSchema.safeParse({ ...event, bannerUrl: `https://a.example/${'x'.repeat(2048)}` })),
    ).toEqual([{ path: 'bannerUrl', message: 'URL must be at most 2,048 characters.' }]);
  });
});

describe('no exported schema takes an unbounded string or list', () => {
  // Bounded otherwise: a word from a fixed list ("true"/"false"); a rich-text body's children,
  // counted by the node and byte caps of the whole body.
  const BOUNDED_ELSEWHERE = ['EventListQuery/properties/published', 'root/properties/children'];
  const boundedElsewhere = (path: string) => BOUNDED_ELSEWHERE.some((end) => path.endsWith(end));

  it('gives every string a maximum length, a fixed set of values or a pattern, and every list a maximum size', () => {
    const unbounded: string[] = [];
    for (const [name, value] of Object.entries(domain)) {
      if (!(value instanceof z.ZodType)) continue;
      const walk = (node: unknown, path: string) => {
        if (!node || typeof node !== 'object') return;
        const schema = node as Record<string, unknown>;
        const bounded =
          schema.maxLength !== undefined || schema.enum || schema.const !== undefined || schema.pattern;
        if (schema.type === 'string' && !bounded && !boundedElsewhere(path)) unbounded.push(path);
        if (schema.type === 'array' && schema.maxItems === undefined && !boundedElsewhere(path))
          unbounded.push(path);
        for (const [key, child] of Object.entries(schema)) walk(child, `${path}/${key}`);
      };
      walk(z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }), name);
    }
    expect(unbounded).toEqual([]);
  });
});

describe('every list has a maximum size', () => {
  const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));
  const attachment = (i: number) => ({ name: `${i}.png`, url: `https://a.example/${i}.png`, type: 'img' });

  it('caps attachments at 10 per post and message', () => {
    for (const [schema, body, message] of [
      [CreatePostInput, { ...newPost, content: doc }, 'You can only add 10 file(s).'],
      [UpdatePostInput, { content: doc }, 'You can only add 10 file(s).'],
      [SendMessageInput, { content: 'hi', clientKey: 'key-12345' }, 'Attachments: at most 10 allowed.'],
    ] as const) {
      expect(schema.safeParse({ ...body, attachments: many(10, attachment) }).success).toBe(true);
      expect(issuesOf(schema.safeParse({ ...body, attachments: many(11, attachment) }))).toEqual([
        { path: 'attachments', message },
      ]);
    }
  });

  it('caps interests, topics, tags and feature lists', () => {
    expect(issuesOf(profile.safeParse({ interests: many(31, (i) => `t${i}`) }))).toEqual([
      { path: 'interests', message: 'Interests: at most 30 allowed.' },
    ]);
    expect(issuesOf(eventSchema.safeParse({ ...event, tags: many(6, (i) => `t${i}`) }))).toEqual([
      { path: 'tags', message: 'You can add up to 5 topics' },
    ]);
    expect(
      issuesOf(CreatePostInput.safeParse({ ...newPost, content: doc, tags: many(4, (i) => `t${i}`) })),
    ).toEqual([{ path: 'tags', message: 'You can add up to 3 tags' }]);
    const switches = many(9, () => ({ feature: 'events', enabled: true }));
    expect(issuesOf(UpdateUserFeaturesInput.safeParse({ features: switches }))).toEqual([
      { path: 'features', message: 'Features: at most 8 allowed.' },
    ]);
    expect(issuesOf(ImportUserRow.safeParse({ ...user, features: many(9, () => 'events') }))).toEqual([
      { path: 'features', message: 'Features: at most 8 allowed.' },
    ]);
  });
});

describe('rich text', () => {
  const paragraphs = (n: number, value = 'word') => ({
    root: {
      type: 'root',
      children: many(n, () => ({ type: 'paragraph', children: [{ type: 'text', text: value }] })),
    },
  });
  const many = (n: number, make: () => unknown) => Array.from({ length: n }, make);

  it('refuses NUL and control characters in any string or key of the editor state', () => {
    for (const content of [
      paragraphs(1, 'a\u0000b'),
      { root: { type: 'root', children: [{ type: 'text', text: 'x', 'k\u0000': 1 }] } },
      { root: { type: 'root\u0001', children: [] } },
    ]) {
      expect(issuesOf(CreatePostInput.safeParse({ ...newPost, content }))).toEqual([
        { path: 'content', message: 'Content contains characters that are not allowed.' },
      ]);
    }
    expect(
      CreatePostInput.safeParse({ ...newPost, content: paragraphs(1, 'tab\there\nand a line') }).success,
    ).toBe(true);
  });

  it('refuses more than 5,000 nodes or 100,000 bytes', () => {
    const blanks = (n: number) => ({
      root: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [{ type: 'text', text: 'word' }, ...many(n, () => ({ type: 'tab' }))],
          },
        ],
      },
    });
    expect(CreatePostInput.safeParse({ ...newPost, content: blanks(4990) }).success).toBe(true);
    expect(
      issuesOf(CreateCommentInput.safeParse({ content: blanks(5000), clientKey: 'key-12345678' })),
    ).toEqual([{ path: 'content', message: 'This text is too long or has too much formatting.' }]);
    expect(
      CreatePostInput.safeParse({ ...newPost, content: paragraphs(1, 'é'.repeat(45_000)) }).success,
    ).toBe(true);
    expect(
      issuesOf(CreateCommentInput.safeParse({ content: paragraphs(2000), clientKey: 'key-12345678' })),
    ).toEqual([{ path: 'content', message: 'This text is too long or has too much formatting.' }]);
    expect(
      issuesOf(CreatePostInput.safeParse({ ...newPost, content: paragraphs(1, 'é'.repeat(50_001)) })),
    ).toEqual([{ path: 'content', message: 'This text is too long or has too much formatting.' }]);
  });
});

describe('ids in bodies are UUIDs', () => {
  it.each([
    ['AddSpaceUserInput', AddSpaceUserInput, {}, 'userId', 'User is not a valid id.'],
    ['RsvpInput', RsvpInput, {}, 'eventId', 'Event is not a valid id.'],
    ['event spaceId', eventSchema, event, 'spaceId', 'Space is not a valid id.'],
    ['event hostId', eventSchema, event, 'hostId', 'Host is not a valid id.'],
    ['UpdatePostInput', UpdatePostInput, { content: doc }, 'id', 'Post is not a valid id.'],
    ['RealtimeTicketInput', RealtimeTicketInput, { party: 'space-room' }, 'room', 'Room is not a valid id.'],
    [
      'CreateUrlsInput',
      CreateUrlsInput,
      { urls: [{ url: 'https://a.example' }] },
      'communityId',
      'Community is not a valid id.',
    ],
  ] as const)('%s', (_name, schema, body, field, message) => {
    expect(schema.safeParse({ ...body, [field]: ID }).success).toBe(true);
    expect(issuesOf(schema.safeParse({ ...body, [field]: 'abc' }))).toEqual([{ path: field, message }]);
  });

  it('keeps the spec’s "required" text for a blank space or host', () => {
    expect(issuesOf(eventSchema.safeParse({ ...event, spaceId: '', hostId: '' }))).toEqual([
      { path: 'spaceId', message: 'Space is required.' },
      { path: 'hostId', message: 'Host is required' },
    ]);
  });
});
