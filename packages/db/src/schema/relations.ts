// Relations for Drizzle's relational queries (`db.query.events.findMany({ with: { tags: true } })`).
// They add no SQL: the foreign keys live in the table files.

import { relations } from 'drizzle-orm';
import { auditLog } from './audit.ts';
import { sessions } from './auth.ts';
import { communities, invites, urlEntries } from './community.ts';
import { conversationParticipants, conversations, directMessages } from './conversations.ts';
import { eventMembers, events, eventTags } from './events.ts';
import { notifications } from './notifications.ts';
import { comments, postAttachments, postLikes, posts, postTags } from './posts.ts';
import { spaceMembers, spaceMessages, spaces } from './spaces.ts';
import { userFeatures, users } from './users.ts';

export const usersRelations = relations(users, ({ many }) => ({
  features: many(userFeatures),
  sessions: many(sessions),
  posts: many(posts),
  comments: many(comments),
  spaceMemberships: many(spaceMembers),
  eventMemberships: many(eventMembers),
  hostedEvents: many(events, { relationName: 'event_host' }),
  authoredEvents: many(events, { relationName: 'event_author' }),
  notifications: many(notifications),
}));

export const userFeaturesRelations = relations(userFeatures, ({ one }) => ({
  user: one(users, { fields: [userFeatures.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const communitiesRelations = relations(communities, ({ one, many }) => ({
  owner: one(users, { fields: [communities.ownerId], references: [users.id] }),
  urls: many(urlEntries),
  invites: many(invites),
}));

export const urlEntriesRelations = relations(urlEntries, ({ one }) => ({
  user: one(users, { fields: [urlEntries.userId], references: [users.id] }),
  community: one(communities, { fields: [urlEntries.communityId], references: [communities.id] }),
}));

export const invitesRelations = relations(invites, ({ one }) => ({
  community: one(communities, { fields: [invites.communityId], references: [communities.id] }),
}));

export const eventsRelations = relations(events, ({ one, many }) => ({
  author: one(users, { fields: [events.authorId], references: [users.id], relationName: 'event_author' }),
  host: one(users, { fields: [events.hostId], references: [users.id], relationName: 'event_host' }),
  space: one(spaces, { fields: [events.spaceId], references: [spaces.id] }),
  tags: many(eventTags),
  members: many(eventMembers),
}));

export const eventTagsRelations = relations(eventTags, ({ one }) => ({
  event: one(events, { fields: [eventTags.eventId], references: [events.id] }),
}));

export const eventMembersRelations = relations(eventMembers, ({ one }) => ({
  event: one(events, { fields: [eventMembers.eventId], references: [events.id] }),
  user: one(users, { fields: [eventMembers.userId], references: [users.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.authorId], references: [users.id] }),
  tags: many(postTags),
  attachments: many(postAttachments),
  likes: many(postLikes),
  comments: many(comments),
}));

export const postTagsRelations = relations(postTags, ({ one }) => ({
  post: one(posts, { fields: [postTags.postId], references: [posts.id] }),
}));

export const postAttachmentsRelations = relations(postAttachments, ({ one }) => ({
  post: one(posts, { fields: [postAttachments.postId], references: [posts.id] }),
}));

export const postLikesRelations = relations(postLikes, ({ one }) => ({
  post: one(posts, { fields: [postLikes.postId], references: [posts.id] }),
  user: one(users, { fields: [postLikes.userId], references: [users.id] }),
}));

export const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
  user: one(users, { fields: [comments.userId], references: [users.id] }),
}));

export const spacesRelations = relations(spaces, ({ one, many }) => ({
  admin: one(users, { fields: [spaces.adminId], references: [users.id] }),
  members: many(spaceMembers),
  messages: many(spaceMessages),
  events: many(events),
}));

export const spaceMembersRelations = relations(spaceMembers, ({ one }) => ({
  space: one(spaces, { fields: [spaceMembers.spaceId], references: [spaces.id] }),
  user: one(users, { fields: [spaceMembers.userId], references: [users.id] }),
}));

export const spaceMessagesRelations = relations(spaceMessages, ({ one }) => ({
  space: one(spaces, { fields: [spaceMessages.spaceId], references: [spaces.id] }),
  author: one(users, { fields: [spaceMessages.authorId], references: [users.id] }),
}));

export const conversationsRelations = relations(conversations, ({ many }) => ({
  participants: many(conversationParticipants),
  messages: many(directMessages),
}));

export const conversationParticipantsRelations = relations(conversationParticipants, ({ one }) => ({
  conversation: one(conversations, {
    fields: [conversationParticipants.conversationId],
    references: [conversations.id],
  }),
  user: one(users, { fields: [conversationParticipants.userId], references: [users.id] }),
}));

export const directMessagesRelations = relations(directMessages, ({ one }) => ({
  conversation: one(conversations, {
    fields: [directMessages.conversationId],
    references: [conversations.id],
  }),
  author: one(users, { fields: [directMessages.authorId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actorId], references: [users.id] }),
}));
