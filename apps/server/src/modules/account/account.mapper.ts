import type { AdminInfo, UserInfo } from '@nimbus/contract';
import type { AdminRow, CustomerRow } from './account.schema';

/** Spec §3 user info, field by field: secrets are simply not copied (and not in the schema). */
export function toUserInfo(row: CustomerRow): UserInfo {
  return {
    createTime: row.createdAt.toISOString(),
    userId: row.id,
    username: row.username,
    mail: row.mail,
    mobile: row.mobile,
    googleAuthStatus: row.googleAuthStatus,
    note: row.note,
    propertyBalance: row.propertyBalance,
    propertyScore: row.propertyScore,
    realnameStatus: row.realnameStatus,
    realnameCertificateid: row.realnameCertificateid,
    realnameCertificatetype: row.realnameCertificatetype,
    realnameName: row.realnameName,
    unvalidModel: row.unvalidModel,
    whiteIpStatus: row.whiteIpStatus,
    userModuleVo: { maxForceUrl: row.maxForceUrl },
    wechat: row.wechatOpenid ? { nickname: row.wechatNickname ?? '' } : null,
  };
}

export function toAdminInfo(row: AdminRow): AdminInfo {
  return {
    id: row.id,
    username: row.username,
    mail: row.mail,
    mobile: row.mobile,
    googleAuthStatus: row.googleAuthStatus,
    whiteIpStatus: row.whiteIpStatus,
    createTime: row.createdAt.toISOString(),
  };
}
