// @community/domain: entity types, zod schemas with the spec's messages, and business constants,
// shared by edge-api and the front ends. zod only, since it ships to browsers.
export * from './admin.ts';
export * from './auth.ts';
export * from './chat.ts';
export * from './conversations.ts';
export * from './entities.ts';
export * from './event.ts';
export * from './features.ts';
export * from './fields.ts';
export * from './issues.ts';
export * from './limits.ts';
export * from './members.ts';
export * from './mentions.ts';
export * from './messages.ts';
export * from './next-path.ts';
export * from './notifications.ts';
export * from './pagination.ts';
export * from './post.ts';
export * from './profile.ts';
export * from './reactions.ts';
export * from './rich-text.ts';
export * from './scheduling.ts';
export * from './space.ts';
export * from './time-zones.ts';
export * from './welcome.ts';
