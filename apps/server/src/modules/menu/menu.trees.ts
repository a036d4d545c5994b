import { MENU_TYPE_CONTAINER, MENU_TYPE_VIEW, type CustomFlag, type MenuNode } from '@nimbus/contract';

/**
 * The four consoles' menus (the menu ↔ page contract): a node names its page by `component`;
 * areas that come in a later issue are `unavailable` so the web shows an honest frame.
 * Titles are i18n keys of the web's `menu` namespace (features/menu/i18n).
 */
interface Def {
  id: string;
  path: string;
  title: string;
  component?: string;
  icon?: string;
  hidden?: boolean;
  customFlag?: CustomFlag;
  back?: string;
  allowAdmin?: boolean;
  bindMobile?: boolean;
  children?: Def[];
}

type Extra = Omit<Def, 'id' | 'path' | 'title' | 'component' | 'children'>;

const view = (id: string, path: string, component: string, title: string, extra: Extra = {}): Def => ({
  id,
  path,
  component,
  title,
  ...extra,
});
const group = (id: string, path: string, title: string, icon: string, children: Def[]): Def => ({
  id,
  path,
  title,
  icon,
  children,
});

function flatten(defs: readonly Def[], parentId: string | null = null): MenuNode[] {
  return defs.flatMap((def) => {
    const isContainer = def.children !== undefined;
    const node: MenuNode = {
      id: def.id,
      parentId,
      type: isContainer ? MENU_TYPE_CONTAINER : MENU_TYPE_VIEW,
      path: def.path,
      component: def.component ?? '',
      meta: {
        title: def.title,
        hidden: def.hidden ?? false,
        available: isContainer || def.component !== 'unavailable',
        ...(def.icon ? { icon: def.icon } : {}),
        ...(def.customFlag ? { customFlag: def.customFlag } : {}),
        ...(def.back ? { back: def.back } : {}),
        ...(def.allowAdmin ? { allowAdmin: true } : {}),
        ...(def.bindMobile ? { bindMobile: true } : {}),
      },
    };
    return [node, ...flatten(def.children ?? [], def.id)];
  });
}

const messageViews = (prefix: string): Def[] => [
  view('message', `${prefix}/message`, 'message/list', 'menu.message', { icon: 'MailOutlined' }),
  view('message-detail', `${prefix}/message/detail`, 'message/detail', 'menu.messageDetail', {
    hidden: true,
    back: `${prefix}/message`,
  }),
];

const accountViews = (prefix: string, between: Def[] = []): Def[] => [
  view('account-info', `${prefix}/account/info`, 'account/info', 'menu.accountInfo'),
  ...between,
  view(
    'account-login-white-ip',
    `${prefix}/account/login-white-ip`,
    'account/login-white-ip',
    'menu.loginWhiteIp',
  ),
];

/**
 * Plans, finance and payment of a customer console (spec §2): the CDN console's paths carry
 * /cdn, the DNS console's none (its router basename is /dns). Value-added services and plan
 * usage add to CDN quotas only, so only the CDN console has them.
 */
function commerceViews(prefix: string, cdn: boolean): Def[] {
  const own = `${prefix}/plan/own/list`;
  const orders = `${prefix}/finance/order/14`;
  return [
    group('plan', `${prefix}/plan`, 'menu.plan', 'ShoppingOutlined', [
      view('plan-own', own, 'plan/own', 'menu.planOwn'),
      view('plan-purchase', `${prefix}/plan/purchase`, 'plan/purchase', 'menu.planPurchase', {
        bindMobile: true,
      }),
      ...(cdn
        ? [
            view('plan-vas', `${prefix}/plan/vas/list`, 'plan/vas', 'menu.planVas'),
            view('plan-usage', `${prefix}/plan/usage`, 'plan/usage', 'menu.planUsage'),
            view('plan-prepaid', `${prefix}/plan/prepaid`, 'plan/prepaid', 'menu.planPrepaid'),
          ]
        : []),
    ]),
    group('finance', `${prefix}/finance`, 'menu.finance', 'AccountBookOutlined', [
      view('finance-order', orders, 'finance/orders', 'menu.orders'),
      view('finance-ledger', `${prefix}/finance/ledger`, 'finance/ledger', 'menu.ledger'),
      view('finance-recharge', `${prefix}/finance/recharge`, 'finance/recharge', 'menu.recharge', {
        bindMobile: true,
      }),
    ]),
    // Spec §2 "/payment": buying and paying, reached from the plan and order screens.
    view('payment-purchase', '/payment/purchase', 'plan/purchase', 'menu.planPurchase', {
      hidden: true,
      bindMobile: true,
      back: own,
    }),
    ...(cdn
      ? [
          view('payment-purchase-vas', '/payment/purchase/vas', 'plan/vas/purchase', 'menu.vasPurchase', {
            hidden: true,
            bindMobile: true,
            back: `${prefix}/plan/vas/list`,
          }),
        ]
      : []),
    view('payment-order', '/payment/order/:serialNumber', 'payment/order', 'menu.payOrder', {
      hidden: true,
      back: orders,
    }),
    // Spec §2 payment hand-off route: entered from the order, recharge and verification screens.
    view(
      'payment-handoff',
      '/payment/handoff/:outTradeNo/:totalAmount/:body',
      'payment/handoff',
      'menu.payHandoff',
      {
        hidden: true,
        back: orders,
      },
    ),
  ];
}

const CDN_USER: Def[] = [
  view('dashboard', '/cdn/dashboard', 'dashboard', 'menu.dashboard', {
    icon: 'DashboardOutlined',
    allowAdmin: true,
  }),
  group('site', '/cdn/site', 'menu.site', 'GlobalOutlined', [
    view('site-domain-list', '/cdn/site/domain/list', 'site/domain/list', 'menu.domainList'),
    view('site-domain-group', '/cdn/site/domain/group', 'site/domain/group', 'menu.domainGroup'),
    view('site-domain-create', '/cdn/site/domain/create', 'site/domain/create', 'menu.domainCreate', {
      hidden: true,
      back: '/cdn/site/domain/list',
    }),
    view('site-domain-admin', '/cdn/site/domain/admin', 'site/domain/admin', 'menu.domainAdmin', {
      hidden: true,
      back: '/cdn/site/domain/list',
    }),
    view('site-bulk', '/cdn/site/bulk', 'site/bulk', 'menu.siteBulk'),
    view('site-cache-clear', '/cdn/site/cache-clear', 'site/cache-clear', 'menu.cacheClear'),
    view('site-certificate', '/cdn/site/certificate', 'site/certificate', 'menu.certificate'),
    view('site-rewrite', '/cdn/site/rewrite', 'site/rewrite', 'menu.rewrite', { customFlag: 'rewrite' }),
    view('site-force', '/cdn/site/force', 'site/force', 'menu.force', { customFlag: 'force' }),
    view('site-dns', '/cdn/site/dns', 'dns/zone/list', 'menu.siteDns'),
    view('site-dns-record', '/cdn/site/dns/record', 'dns/record', 'menu.siteDnsRecord', {
      hidden: true,
      back: '/cdn/site/dns',
    }),
  ]),
  // The container's path differs from the list view's /cdn/stream so the two never share a key.
  group('stream', '/cdn/stream-forward', 'menu.stream', 'ApartmentOutlined', [
    view('stream-list', '/cdn/stream', 'stream/list', 'menu.streamList'),
    view('stream-es', '/cdn/stream/es', 'stream/es', 'menu.streamMonitor'),
    view('stream-top', '/cdn/stream/top', 'stream/top', 'menu.streamTop'),
    view('stream-log', '/cdn/stream/log', 'stream/log', 'menu.streamLog'),
  ]),
  group('es', '/cdn/es', 'menu.traffic', 'AreaChartOutlined', [
    view('es-site', '/cdn/es/site', 'es/site', 'menu.esSite'),
    view('es-top', '/cdn/es/top', 'es/top', 'menu.esTop'),
  ]),
  group('analysis', '/cdn/analysis', 'menu.analysis', 'FileSearchOutlined', [
    view('analysis-access', '/cdn/analysis/query/access', 'analysis/query/access', 'menu.accessLog'),
    view('analysis-block', '/cdn/analysis/query/block', 'analysis/query/block', 'menu.blockLog'),
    view('analysis-ontime', '/cdn/analysis/ontime', 'analysis/ontime', 'menu.ontime'),
  ]),
  ...commerceViews('/cdn', true),
  group(
    'account',
    '/cdn/account',
    'menu.account',
    'UserOutlined',
    accountViews('/cdn', [
      view('account-verification', '/cdn/account/verification', 'account/verification', 'menu.verification', {
        customFlag: 'verify',
      }),
    ]),
  ),
  group('work-order', '/cdn/work-order', 'menu.workOrder', 'CustomerServiceOutlined', [
    view('work-order-list', '/cdn/work-order/list/status', 'work-order/list', 'menu.workOrderList'),
    view('work-order-detail', '/cdn/work-order/list/detail', 'work-order/detail', 'menu.workOrderDetail', {
      hidden: true,
      back: '/cdn/work-order/list/status',
    }),
    view(
      'work-order-step-1',
      '/cdn/work-order/submit/step-1',
      'work-order/submit/step-1',
      'menu.workOrderSubmit',
    ),
    view(
      'work-order-step-2',
      '/cdn/work-order/submit/step-2',
      'work-order/submit/step-2',
      'menu.workOrderSubmit',
      {
        hidden: true,
        back: '/cdn/work-order/submit/step-1',
      },
    ),
    view(
      'work-order-step-3',
      '/cdn/work-order/submit/step-3',
      'work-order/submit/step-3',
      'menu.workOrderSubmit',
      {
        hidden: true,
        back: '/cdn/work-order/list/status',
      },
    ),
  ]),
  ...messageViews('/cdn'),
  view('log', '/cdn/log/list', 'log/list', 'menu.operationLog', { icon: 'ProfileOutlined' }),
];

// The DNS user console's basename is /dns already, so its paths carry no product prefix.
const DNS_USER: Def[] = [
  view('dashboard', '/dashboard', 'dashboard', 'menu.dashboard', {
    icon: 'DashboardOutlined',
    allowAdmin: true,
  }),
  group('dns', '/domain', 'menu.dnsHosting', 'CloudServerOutlined', [
    view('dns-domain-list', '/domain/list', 'dns/zone/list', 'menu.dnsDomainList'),
    view('dns-record', '/record', 'dns/record', 'menu.dnsRecord'),
  ]),
  ...commerceViews('', false),
  ...messageViews(''),
  group('account', '/account', 'menu.account', 'UserOutlined', accountViews('')),
  view('api-key', '/api-key', 'dns/api-key', 'menu.apiKey', {
    icon: 'KeyOutlined',
    customFlag: 'access-token',
  }),
];

const ADMIN_COMMON: Def[] = [
  view('dashboard', '/dashboard', 'admin/dashboard', 'menu.dashboard', { icon: 'DashboardOutlined' }),
  group('system', '/system', 'menu.system', 'SettingOutlined', [
    view('system-web-config', '/system/web-config', 'admin/web-config', 'menu.webConfig'),
    view('system-mail', '/system/mail', 'admin/mail', 'menu.mailSettings'),
    view('system-sms', '/system/sms', 'admin/sms', 'menu.smsSettings'),
    view('system-acme', '/system/acme', 'admin/acme', 'menu.acmeSettings'),
    view('system-wechat', '/system/wechat', 'admin/wechat', 'menu.wechatLogin'),
    view('system-payment', '/system/payment', 'admin/payment', 'menu.paymentChannels'),
    view('system-backup', '/system/backup', 'admin/backup', 'menu.backup'),
    view('system-audit-log', '/system/audit-log', 'admin/audit-log', 'menu.auditLog'),
    view('system-node-monitor', '/system/node-monitor', 'admin/node-monitor', 'menu.nodeMonitor'),
    view('system-recursive-dns', '/system/recursive-dns', 'admin/recursive-dns', 'menu.recursiveDns'),
    view('system-httpdns', '/system/httpdns', 'admin/httpdns', 'menu.httpdns'),
    view('system-blocklist', '/system/blocklist', 'admin/blocklist', 'menu.blocklist'),
  ]),
  group('edge', '/edge', 'menu.edge', 'CloudServerOutlined', [
    view('edge-nodes', '/edge/nodes', 'admin/edge/nodes', 'menu.edgeNodes'),
    view('edge-groups', '/edge/groups', 'admin/edge/groups', 'menu.edgeGroups'),
  ]),
  // Containers carry a path of their own; their views keep the paths of the contract.
  group('users', '/users', 'menu.users', 'TeamOutlined', [
    view('account-customers', '/account/customers', 'admin/customers', 'menu.customers'),
    view('account-admins', '/account/admins', 'admin/admins', 'menu.admins'),
    view('product-list', '/product/list', 'admin/products', 'menu.products'),
    view('finance-recharge', '/finance/recharge', 'admin/finance/recharge', 'menu.manualRecharge'),
    view('finance-orders', '/finance/orders', 'admin/finance/orders', 'menu.adminOrders'),
    view('account-verifications', '/account/verifications', 'admin/verifications', 'menu.verifications'),
  ]),
  group('support', '/support', 'menu.support', 'CustomerServiceOutlined', [
    view('support-work-orders', '/support/work-orders', 'admin/work-orders', 'menu.workOrders'),
    view(
      'support-work-order-detail',
      '/support/work-orders/detail',
      'admin/work-order/detail',
      'menu.workOrderDetail',
      {
        hidden: true,
        back: '/support/work-orders',
      },
    ),
  ]),
  group('messages', '/message', 'menu.messages', 'NotificationOutlined', [
    view('message-publish', '/message/publish', 'admin/announcement/publish', 'menu.publishAnnouncement'),
    view('message-manage', '/message/manage', 'admin/message/manage', 'menu.messageManage'),
  ]),
  view('profile', '/profile', 'admin/profile', 'menu.profile', { icon: 'IdcardOutlined', hidden: true }),
];

const DNS_ADMIN: Def[] = [
  ...ADMIN_COMMON,
  view('authorization', '/authorization', 'admin/authorization', 'menu.authorization', {
    icon: 'SafetyCertificateOutlined',
  }),
];

export type Console = 'cdn-user' | 'dns-user' | 'cdn-admin' | 'dns-admin';

export const MENU_TREES: Readonly<Record<Console, readonly MenuNode[]>> = {
  'cdn-user': flatten(CDN_USER),
  'dns-user': flatten(DNS_USER),
  'cdn-admin': flatten(ADMIN_COMMON),
  'dns-admin': flatten(DNS_ADMIN),
};
