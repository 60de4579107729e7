/** All tables, one file per domain; drizzle-kit reads this file. */
export * from './movies';
export * from './persons';
export * from './labels';
export * from './releases';
export * from './media';
export * from './censorship';
export * from './meta';
export * from './users';
export * from './collections';
export * from './community';
export * from './social';
export * from './changes';
export * from './contact';
