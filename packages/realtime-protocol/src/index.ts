export * from './internal.ts';
export * from './messages.ts';
export * from './signing.ts';
export * from './ticket.ts';
