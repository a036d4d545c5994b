import type { LocalizedMessages } from './types';

/** Messages and announcements. */
export const messageMessages = {
  'message.readTargetRequired': {
    cn: '请选择要标记为已读的消息',
    en: 'Select the messages to mark as read',
  },
  'message.markedRead': { cn: '已标记为已读', en: 'Marked as read' },
  'message.published': { cn: '公告已发布', en: 'Announcement published' },
} as const satisfies LocalizedMessages;
