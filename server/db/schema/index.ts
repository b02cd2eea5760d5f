// Drizzle tables, one file per domain, re-exported here for the client and drizzle-kit.
// Conventions (snake_case property names, id/timestamps, money) are in ./_columns.
export * from './accounts';
export * from './stores';
export * from './rbac';
export * from './configs';
export * from './sms';
export * from './money';
export * from './auth';
export * from './content';
export * from './files';
export * from './catalogue';
export * from './orders';
export * from './refunds';
export * from './settlements';
export * from './points';
export * from './distribution';
export * from './marketing';
export * from './seckill';
export * from './chat';
export * from './providers';
export * from './statistics';
