export * from './dev-secrets.ts';
export * from './internal.ts';
export * from './message-log.ts';
export * from './messages.ts';
export * from './posts.ts';
export * from './signing.ts';
export * from './ticket.ts';
