// The database schema (Drizzle). Safe to import from Cloudflare Workers: no Node imports here.

export * from './audit.ts';
export * from './auth.ts';
export * from './cities.ts';
export * from './community.ts';
export * from './conversations.ts';
export * from './events.ts';
export * from './mail.ts';
export * from './notifications.ts';
export * from './posts.ts';
export * from './relations.ts';
export * from './spaces.ts';
export * from './uploads.ts';
export * from './users.ts';
