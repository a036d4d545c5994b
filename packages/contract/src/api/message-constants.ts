/** Message paths and numbers without zod, so the consoles' frame (bell, drawer) loads no schema. */
export const MESSAGE_PATHS = {
  list: 'app/account/message/list',
  info: 'app/account/message/info',
  delete: 'app/account/message/delete',
  read: 'app/account/message/read',
  unread: 'app/account/message/unread',
  adminPublish: 'sys/message/publish',
  adminList: 'sys/message/list',
  adminDelete: 'sys/message/delete',
} as const;

export const MESSAGE_TYPE = { letter: 1, announcement: 2, workOrder: 3 } as const;
export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

/** Spec §9: the message list fetches the newest 100; the drawer badge shows at most 99. */
export const MESSAGE_LIST_LIMIT = 100;
export const MESSAGE_BADGE_MAX = 99;
