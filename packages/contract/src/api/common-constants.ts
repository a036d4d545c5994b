/** The common calls' paths without zod (common.ts describes each call), so the admin dashboards load no schema. */
export const COMMON_PATHS = {
  webAgent: 'app/common/web/agent',
  updateLog: 'app/common/web/update/log',
  noticeList: 'app/common/notice/list',
  productAuth: 'app/product/user/auth',
  accountRequest: 'app/account/request',
  paramClass: 'sys/config/getParamClass',
  confStatus: 'sys/config/update/conf/status',
  adminIndex: 'sys/common/index',
  adminIndexAlias: 'sys_common/index',
  adminRequest: 'sys/common/request',
  adminRequestAlias: 'sys_common/request',
  enums: 'sys/common/enums',
  indexChart: 'sys/cdnsys/auth/GetIndexChartData',
  staticVariable: 'sys/cdnsys/auth/update/static/variable',
  toolData: 'sys/cdnsys/admin/tool/redis/data',
} as const;
