export * from './money';
export * from './units';
export * from './dates';
