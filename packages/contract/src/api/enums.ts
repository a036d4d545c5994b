import { CERTIFICATE_SOURCES, CERTIFICATE_STATUSES } from './certificate';
import { CODE_CHANNELS, CODE_PURPOSES } from './account-constants';
import { EDGE_APPLY_STATES, EDGE_LINES } from './edge-nodes';
import { MAIL_TEMPLATE_KINDS } from './mail';
import { CUSTOM_FLAGS } from './menu-filter';
import { MESSAGE_TYPE } from './message-constants';
import { NODE_CHECK_DISPATCH_MODES } from './node-check';
import { OPERATION_KINDS } from './operation-log';
import { PURGE_KINDS, PURGE_TASK_STATES } from './purge';
import {
  BALANCE_MODES,
  STREAM_BALANCE_MODES,
  ORIGIN_PROTOCOLS,
  ORIGIN_ROLES,
  SITE_BULK_ACTIONS,
  SITE_STATUS_FILTERS,
} from './site';
import { SMS_PROVIDERS, SMS_TEMPLATE_KINDS } from './sms';
import { STREAM_PROTOCOLS } from './stream';
import { WEB_CONFIG_SECTIONS } from './web-config-constants';
import { WORK_ORDER_CATEGORIES, WORK_ORDER_POST_KINDS, WORK_ORDER_STATUS } from './work-order';

/**
 * Every enumeration the API speaks, by name (`GET sys/common/enums`): the same constants the
 * server validates with and the consoles show, so an integrator never copies them by hand.
 */
export const ENUMS = {
  balanceModes: BALANCE_MODES,
  streamBalanceModes: STREAM_BALANCE_MODES,
  certificateSources: CERTIFICATE_SOURCES,
  certificateStatuses: CERTIFICATE_STATUSES,
  codeChannels: CODE_CHANNELS,
  codePurposes: CODE_PURPOSES,
  customFlags: CUSTOM_FLAGS,
  edgeApplyStates: EDGE_APPLY_STATES,
  edgeLines: EDGE_LINES,
  mailTemplateKinds: MAIL_TEMPLATE_KINDS,
  messageTypes: MESSAGE_TYPE,
  nodeCheckDispatchModes: NODE_CHECK_DISPATCH_MODES,
  operationKinds: OPERATION_KINDS,
  originProtocols: ORIGIN_PROTOCOLS,
  originRoles: ORIGIN_ROLES,
  purgeKinds: PURGE_KINDS,
  purgeTaskStates: PURGE_TASK_STATES,
  siteBulkActions: SITE_BULK_ACTIONS,
  siteStatusFilters: SITE_STATUS_FILTERS,
  smsProviders: SMS_PROVIDERS,
  smsTemplateKinds: SMS_TEMPLATE_KINDS,
  streamProtocols: STREAM_PROTOCOLS,
  webConfigSections: WEB_CONFIG_SECTIONS,
  workOrderCategories: WORK_ORDER_CATEGORIES,
  workOrderPostKinds: WORK_ORDER_POST_KINDS,
  workOrderStatus: WORK_ORDER_STATUS,
} as const;
