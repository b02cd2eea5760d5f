// Drizzle tables, one file per domain, re-exported here for the client and drizzle-kit.
export {};
