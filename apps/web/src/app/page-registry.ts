import { loadFeatureStrings } from '@/i18n/feature-strings';
import { pageLoader, type PageComponent } from '@/shared/lazy/page-loader';

/**
 * Menu `component` key → page module (features/<f>/pages/<Name>.tsx, named export = file name).
 * Keys the server sends that are not here show the honest "not available yet" page.
 */
export const PAGE_FILES: Readonly<Record<string, string>> = {
  dashboard: 'dashboard/pages/DashboardPage',
  'admin/dashboard': 'dashboard/pages/AdminDashboardPage',
  unavailable: 'unavailable/pages/UnavailablePage',
  'message/list': 'message/pages/MessageListPage',
  'message/detail': 'message/pages/MessageDetailPage',
  'account/info': 'account/pages/AccountInfoPage',
  'account/login-white-ip': 'account/pages/LoginWhiteIpPage',
  'admin/profile': 'account/pages/AdminProfilePage',
  'admin/customers': 'customers/pages/CustomerListPage',
  'admin/admins': 'admins/pages/AdminListPage',
  'admin/web-config': 'system-config/pages/WebConfigPage',
  'admin/mail': 'mail-settings/pages/MailSettingsPage',
  'admin/httpdns': 'httpdns/pages/HttpdnsPage',
  'admin/recursive-dns': 'recursive-dns/pages/RecursiveDnsPage',
  'admin/blocklist': 'blocklist/pages/BlocklistPage',
  'admin/node-monitor': 'node-monitor/pages/NodeMonitorPage',
  'admin/sms': 'sms-settings/pages/SmsSettingsPage',
  'admin/acme': 'acme-settings/pages/AcmeSettingsPage',
  'admin/wechat': 'wechat-settings/pages/WechatSettingsPage',
  'admin/backup': 'backup/pages/BackupPage',
  'admin/announcement/publish': 'announcement/pages/PublishAnnouncementPage',
  'admin/message/manage': 'announcement/pages/MessageManagePage',
  'admin/edge/nodes': 'edge-nodes/pages/EdgeNodesPage',
  'admin/edge/groups': 'edge-nodes/pages/EdgeGroupsPage',
  'admin/authorization': 'authorization/pages/AuthorizationPage',
  'site/domain/list': 'sites/pages/SiteListPage',
  'site/domain/create': 'sites/pages/SiteCreatePage',
  'site/domain/group': 'sites/pages/SiteGroupPage',
  'site/domain/admin': 'site-admin/pages/SiteAdminPage',
  'site/bulk': 'sites/pages/SiteBulkPage',
  'site/cache-clear': 'cache-purge/pages/CachePurgePage',
  'site/certificate': 'certificates/pages/CertificatePage',
  'site/rewrite': 'site-redirects/pages/RewritePage',
  'site/force': 'site-redirects/pages/ForceRedirectPage',
  'stream/list': 'stream/pages/StreamListPage',
  'stream/es': 'stream-stats/pages/StreamMonitorPage',
  'stream/top': 'stream-stats/pages/StreamTopPage',
  'stream/log': 'stream-stats/pages/StreamLogPage',
  'es/site': 'traffic/pages/TrafficPage',
  'analysis/ontime': 'traffic/pages/RealtimePage',
  'dns/zone/list': 'dns/pages/DnsZoneListPage',
  'dns/record': 'dns/pages/DnsRecordPage',
  'dns/api-key': 'dns-api-key/pages/DnsApiKeyPage',
  'work-order/list': 'work-orders/pages/WorkOrderListPage',
  'work-order/detail': 'work-orders/pages/WorkOrderDetailPage',
  'work-order/submit/step-1': 'work-orders/pages/WorkOrderSubmitStep1Page',
  'work-order/submit/step-2': 'work-orders/pages/WorkOrderSubmitStep2Page',
  'work-order/submit/step-3': 'work-orders/pages/WorkOrderSubmitStep3Page',
  'admin/work-orders': 'work-orders/pages/AdminWorkOrderListPage',
  'admin/work-order/detail': 'work-orders/pages/AdminWorkOrderDetailPage',
  'log/list': 'operation-log/pages/OperationLogPage',
  'admin/audit-log': 'operation-log/pages/AuditLogPage',
  'admin/finance/recharge': 'finance/pages/ManualRechargePage',
  'admin/products': 'products/pages/ProductListPage',
  'admin/finance/orders': 'orders/pages/AdminOrderListPage',
  'finance/orders': 'orders/pages/OrderListPage',
  'finance/ledger': 'finance/pages/LedgerPage',
  'payment/order': 'orders/pages/OrderPaymentPage',
  'plan/own': 'plans/pages/OwnPlanListPage',
  'plan/purchase': 'plans/pages/PlanPurchasePage',
  'plan/vas': 'plans/pages/VasListPage',
  'plan/vas/purchase': 'plans/pages/VasPurchasePage',
  'plan/usage': 'plans/pages/PlanUsagePage',
  'plan/prepaid': 'plans/pages/TrafficPackagesPage',
  'analysis/query/access': 'request-log/pages/RequestLogPage',
  'analysis/query/block': 'request-log/pages/BlockLogPage',
  'es/top': 'top/pages/TopPage',
  'finance/recharge': 'payment/pages/RechargePage',
  'payment/handoff': 'payment/pages/PaymentHandoffPage',
  'admin/payment': 'payment/pages/PaymentChannelsPage',
  'account/verification': 'verification/pages/VerificationPage',
  'admin/verifications': 'verification/pages/AdminVerificationPage',
};

// Each page file is its own chunk, loaded when first shown. This map (with each chunk's
// preload list) belongs to the console frame: the public pages have their own (public-pages.ts),
// so the login page's first load does not carry it. The not-found page is loaded by the frame.
// The page tests beside the pages are no pages: globbed, each (with its fixtures and the testing
// library) would be a chunk of the build (build/no-test-code.ts fails the build then).
const pageModules = import.meta.glob<Record<string, unknown>>([
  '../features/*/pages/*.tsx',
  '!../features/*/pages/*.test.tsx',
  '!../features/unavailable/pages/NotFoundPage.tsx',
  '!../features/auth/pages/*.tsx',
]);
/** The files the console's page glob bundles, a chunk each (page-registry.test.ts checks them). */
export const CONSOLE_PAGE_MODULES: readonly string[] = Object.keys(pageModules);
const lazyPageFile = pageLoader(pageModules, (feature) => loadFeatureStrings([feature]));

const unavailablePage = (): PageComponent => lazyPageFile(PAGE_FILES.unavailable!)!;

/** The lazy page for a menu component key; unknown keys get the "not available yet" page. */
export function pageForComponent(key: string): PageComponent {
  const file = PAGE_FILES[key];
  return (file && lazyPageFile(file)) || unavailablePage();
}
