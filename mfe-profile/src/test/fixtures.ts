// One builder per entity the profile tests need, filled with every field the API answers, so a new
// field on PublicUser or User is added here once instead of in every test.
import type {
  ActivityComment,
  ActivityPost,
  MediaAttachment,
  MediaMonth,
  ProfileEvent,
  PublicUser,
  Space,
  User,
} from '@community/domain';

export function aPublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u2',
    firstName: 'Grace',
    lastName: 'Hopper',
    pseudo: 'grace',
    job: null,
    company: null,
    address: { city: null, cityId: null, country: null, lat: null, lng: null },
    bio: null,
    interests: [],
    imageUrl: null,
    coverImageUrl: null,
    lastOfflineAt: null,
    role: 'USER',
    memberSince: '2026-10-05T12:00:00.000Z',
    contact: { email: null, phone: null },
    ...overrides,
  };
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    ...aPublicUser({
      id: 'u1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      pseudo: 'ada',
      job: 'Engineer',
      company: 'Analytical Engines',
      address: { city: 'London', cityId: 2643743, country: 'GB', lat: 51.5, lng: -0.13 },
      bio: 'First programmer.',
      interests: ['math', 'poetry'],
      role: 'ADMIN',
    }),
    email: 'ada@example.com',
    phone: null,
    dateOfBirth: null,
    showEmail: false,
    showPhone: false,
    emailPreferences: { messages: true, mentions: true, events: true, digest: true, digestDay: 1 },
    timeZone: null,
    isBlocked: false,
    features: [],
    ...overrides,
  };
}

/** What another member sees of a User: the public fields only, contact as they chose to show it. */
export function publicViewOf(
  user: User,
  contact: PublicUser['contact'] = { email: null, phone: null },
): PublicUser {
  const {
    email: _email,
    phone: _phone,
    dateOfBirth: _dateOfBirth,
    showEmail: _showEmail,
    showPhone: _showPhone,
    emailPreferences: _emailPreferences,
    isBlocked: _isBlocked,
    features: _features,
    ...rest
  } = user;
  return { ...rest, contact };
}

export function anActivityPost(overrides: Partial<ActivityPost> = {}): ActivityPost {
  return {
    id: 'p1',
    spaceId: 's1',
    spaceName: 'Makers',
    title: 'Hello makers',
    excerpt: 'A first post.',
    attachments: 0,
    likes: 2,
    commentsCount: 1,
    createdAt: '2026-10-14T09:00:00.000Z',
    ...overrides,
  };
}

export function anActivityComment(overrides: Partial<ActivityComment> = {}): ActivityComment {
  return {
    id: 'c1',
    postId: 'p9',
    postTitle: 'Weekly thread',
    spaceId: 's1',
    spaceName: 'Makers',
    excerpt: 'Nice one.',
    createdAt: '2026-10-14T09:00:00.000Z',
    ...overrides,
  };
}

export function anEvent(overrides: Partial<ProfileEvent> = {}): ProfileEvent {
  return {
    id: 'e1',
    title: 'Meetup',
    startDate: '2026-11-02T18:00:00.000Z',
    endDate: '2026-11-02T20:00:00.000Z',
    bannerUrl: null,
    location: 'IN_PERSON',
    relation: 'attendee',
    ...overrides,
  };
}

export function aSpace(overrides: Partial<Space> = {}): Space {
  return {
    id: 's1',
    name: 'Makers',
    description: 'People who make things',
    type: 'PUBLIC',
    color: '#3B82F6',
    inviteCode: null,
    adminId: 'u1',
    membersCount: 12,
    isMember: true,
    ...overrides,
  };
}

export function anAttachment(overrides: Partial<MediaAttachment> = {}): MediaAttachment {
  return {
    id: 'a1',
    name: 'notes.pdf',
    url: 'https://files.example.com/notes.pdf',
    type: 'file',
    createdAt: '2026-10-14T09:00:00.000Z',
    source: { kind: 'post', spaceId: 's1', postId: 'p1' },
    ...overrides,
  };
}

export function aMonth(
  month: string,
  attachments: MediaAttachment[],
  nextCursor: string | null = null,
): MediaMonth {
  return { month, attachments, nextCursor };
}
