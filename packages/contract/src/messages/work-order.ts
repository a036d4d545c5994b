import type { LocalizedMessages } from './types';

/** Work orders: refusals, confirmations and the letters customers get. */
export const workOrderMessages = {
  'workOrder.notFound': { cn: '工单不存在', en: 'Work order not found' },
  'workOrder.replyEmpty': { cn: '回复内容不能为空', en: 'A reply cannot be empty' },
  'workOrder.resolvedRequired': {
    cn: '请选择问题是否已解决',
    en: 'Choose whether the problem was resolved',
  },
  'workOrder.closedNoReply': {
    cn: '工单已关闭，不能再补充或留言',
    en: 'This work order is closed: no more supplements or messages are possible',
  },
  'workOrder.completedAppeal': {
    cn: '工单已完成：如问题仍未解决，请申诉',
    en: 'This work order is completed: appeal if the problem is not solved',
  },
  'workOrder.appealOnlyCompleted': {
    cn: '只有已完成的工单可以申诉',
    en: 'Only a completed work order can be appealed',
  },
  'workOrder.cannotComplete': {
    cn: '该工单当前状态不能完成',
    en: 'This work order cannot be completed in its current status',
  },
  'workOrder.siteNotFound': {
    cn: '所选站点不存在或不属于您',
    en: 'The chosen site does not exist or is not yours',
  },
  'workOrder.adminNotFound': { cn: '管理员不存在', en: 'Admin not found' },
  'workOrder.imageTooMany': {
    cn: '最多上传 {max} 张图片',
    en: 'Upload at most {max} images',
  },
  'workOrder.imageTooLarge': {
    cn: '图片 {name} 超过 1 MB',
    en: 'Image {name} is larger than 1 MB',
  },
  'workOrder.imageType': {
    cn: '{name} 不是 PNG、JPG、GIF 或 SVG 图片',
    en: '{name} is not a PNG, JPG, GIF or SVG image',
  },
  'workOrder.svgRefused': {
    cn: '无法安全绘制 SVG 图片 {name}（过于复杂或含不允许的内容），请改传 PNG 或 JPG',
    en: 'The SVG image {name} cannot be drawn safely (too complex or holding what is not allowed); send it as PNG or JPG',
  },
  'workOrder.notMultipart': {
    cn: '请以表单（multipart/form-data）提交',
    en: 'Send this as a form (multipart/form-data)',
  },
  'workOrder.paused': {
    cn: '工单服务已暂停，暂不能提交新工单；已有工单仍可继续回复',
    en: 'Work orders are paused: new work orders cannot be submitted for now; you can still reply to existing ones',
  },
  'workOrder.submitted': { cn: '工单已提交', en: 'Work order submitted' },
  'workOrder.replied': { cn: '已回复', en: 'Reply sent' },
  'workOrder.appealed': { cn: '已提交申诉', en: 'Appeal submitted' },
  'workOrder.closed': { cn: '工单已关闭', en: 'Work order closed' },
  'workOrder.completed': { cn: '工单已完成', en: 'Work order completed' },
  'workOrder.assigned': { cn: '已分配', en: 'Assigned' },
  'workOrder.replyLetterTitle': {
    cn: '工单 {number} 有新的回复',
    en: 'Work order {number} has a new reply',
  },
  'workOrder.replyLetterContent': {
    cn: '您的工单「{title}」有新的回复：\n\n{content}',
    en: 'Your work order "{title}" has a new reply:\n\n{content}',
  },
  'workOrder.completedLetterTitle': {
    cn: '工单 {number} 已处理完成',
    en: 'Work order {number} is completed',
  },
  'workOrder.completedLetterContent': {
    cn: '您的工单「{title}」已处理完成。如问题仍未解决，可在工单详情中申诉；已解决请关闭并评价。',
    en: 'Your work order "{title}" is completed. If the problem remains, appeal it from its detail page; if it is solved, close it with a rating.',
  },
  'field.category': { cn: '问题类别', en: 'Category' },
  'field.siteId': { cn: '相关站点', en: 'Site concerned' },
  'field.description': { cn: '问题描述', en: 'Description' },
  'field.contact': { cn: '联系方式', en: 'Contact' },
  'field.rating': { cn: '总体评价', en: 'Overall rating' },
  'field.resolved': { cn: '是否解决', en: 'Resolved' },
  'field.feedback': { cn: '意见反馈', en: 'Feedback' },
  'field.assigneeId': { cn: '处理人', en: 'Handler' },
  'field.assignee': { cn: '处理人', en: 'Handler' },
  'field.images': { cn: '图片', en: 'Images' },
} as const satisfies LocalizedMessages;
