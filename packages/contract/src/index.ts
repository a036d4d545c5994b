export * from './envelope';
export * from './lang';
export * from './messages';
export * from './api/menu';
