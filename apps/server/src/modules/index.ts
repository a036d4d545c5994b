import type { FastifyInstance } from 'fastify';
import { runGuardsFirst } from '../platform/auth/guards-first';
import type { AppContext } from '../platform/context';
import { accountRoutes } from './account/account.routes';
import { wechatRoutes } from './account/wechat.routes';
import { adminAccountRoutes } from './admin-account/admin-account.routes';
import { adminManageRoutes } from './admin-account/admin-manage.routes';
import { backupRoutes } from './backup/backup.routes';
import { blocklistRoutes } from './blocklist/blocklist.routes';
import { siteWafRoutes } from './site-waf/site-waf.routes';
import { captchaRoutes } from './captcha/captcha.routes';
import { commonRoutes } from './common/common.routes';
import { configRoutes } from './config/config.routes';
import { cnameZoneRoutes } from './cname-zone/cname-zone.routes';
import { dnsLinesRoutes } from './dns-lines/dns-lines.routes';
import { dnsAdminRoutes } from './dns-zone/dns-admin.routes';
import { dnsRoutes } from './dns-zone/dns.routes';
import { dnsApiKeyRoutes } from './dns-api-key/dns-api-key.routes';
import { edgeRoutes } from './edge/edge.routes';
import { financeRoutes } from './finance/finance.routes';
import { siteRoutes } from './site/site.routes';
import { siteRedirectRoutes } from './site-redirect/site-redirect.routes';
import { siteSettingsRoutes } from './site/site-settings.routes';
import { siteAdminRoutes } from './site/site-admin.routes';
import { certificateRoutes } from './certificate/certificate.routes';
import { healthRoutes } from './health/health.routes';
import { metricsRoutes } from './metrics/metrics.routes';
import { httpdnsRoutes } from './httpdns/httpdns.routes';
import { mailRoutes } from './mail/mail.routes';
import { menuRoutes } from './menu/menu.routes';
import { messageRoutes } from './message/message.routes';
import { nodeMonitorRoutes } from './node-monitor/node-monitor.routes';
import { operationLogRoutes } from './operation-log/operation-log.routes';
import { orderRoutes } from './order/order.routes';
import { originPolicyRoutes } from './origin-policy/origin-policy.routes';
import { paymentRoutes } from './payment/payment.routes';
import { planRoutes } from './plan/plan.routes';
import { verificationRoutes } from './verification/verification.routes';
import { productRoutes } from './product/product.routes';
import { purgeRoutes } from './purge/purge.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { smsRoutes } from './sms/sms.routes';
import { streamRoutes } from './stream/stream.routes';
import { recursiveDnsRoutes } from './recursive-dns/recursive-dns.routes';
import { installRealNameGate } from './verification/real-name-gate';
import { installReadOnlyMode } from './web-config/read-only-mode';
import { webConfigRoutes } from './web-config/web-config.routes';
import { workOrderRoutes } from './work-order/work-order.routes';

/** Every module's routes under /api. A module is a function (api, ctx) that adds its routes. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  runGuardsFirst(api);
  installReadOnlyMode(api, ctx);
  installRealNameGate(api, ctx);
  for (const register of [
    healthRoutes,
    metricsRoutes,
    captchaRoutes,
    accountRoutes,
    wechatRoutes,
    adminAccountRoutes,
    adminManageRoutes,
    configRoutes,
    backupRoutes,
    webConfigRoutes,
    menuRoutes,
    messageRoutes,
    mailRoutes,
    smsRoutes,
    edgeRoutes,
    siteRoutes,
    siteSettingsRoutes,
    siteAdminRoutes,
    siteRedirectRoutes,
    streamRoutes,
    originPolicyRoutes,
    recursiveDnsRoutes,
    dnsRoutes,
    dnsApiKeyRoutes,
    dnsLinesRoutes,
    dnsAdminRoutes,
    cnameZoneRoutes,
    nodeMonitorRoutes,
    certificateRoutes,
    purgeRoutes,
    analyticsRoutes,
    workOrderRoutes,
    operationLogRoutes,
    financeRoutes,
    productRoutes,
    orderRoutes,
    planRoutes,
    paymentRoutes,
    verificationRoutes,
    commonRoutes,
    httpdnsRoutes,
    blocklistRoutes,
    siteWafRoutes,
  ]) {
    await api.register(async (scope) => register(scope, ctx));
  }
}
