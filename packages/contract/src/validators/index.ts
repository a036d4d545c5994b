export * from './domain';
export * from './network';
export * from './text';
export * from './id-card';
export * from './lists';
export * from './rules';
export * from './zod';
export * from './purge-entries';
