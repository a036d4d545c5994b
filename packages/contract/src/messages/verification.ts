import type { LocalizedMessages } from './types';

/** Real-name verification: steps, refusals and the admin's review. */
export const verificationMessages = {
  'verification.nameLength': { cn: '姓名须为 2-50 个字符', en: 'The name must be 2-50 characters' },
  'verification.alreadyVerified': { cn: '您已完成实名认证', en: 'Your identity is verified already' },
  'verification.required': {
    cn: '请先完成实名认证（账户 → 实名认证），再添加或购买服务',
    en: 'Verify your real name first (Account → Real-name verification) to add or buy service',
  },
  'verification.inReview': {
    cn: '认证资料正在审核中，请耐心等待',
    en: 'Your verification is being reviewed: please wait',
  },
  'verification.feeUnpaid': {
    cn: '请先支付认证费用',
    en: 'Pay the verification fee first',
  },
  'verification.noFaceProvider': {
    cn: '未开启人脸核身，资料将由管理员审核',
    en: 'Face verification is not enabled: an administrator reviews your details',
  },
  'verification.notStarted': { cn: '请先提交实名资料', en: 'Submit your details first' },
  'verification.notFound': { cn: '认证记录不存在', en: 'Verification not found' },
  'verification.notInReview': {
    cn: '该认证不在待审核状态',
    en: 'This verification is not waiting for review',
  },
  'verification.reasonRequired': { cn: '驳回时请填写原因', en: 'Give a reason to reject' },
  'verification.faceFailed': {
    cn: '人脸核身未通过：{reason}',
    en: 'Face verification did not pass: {reason}',
  },
  'verification.providerUnreachable': {
    cn: '无法连接认证服务（{endpoint}），请稍后再试',
    en: 'The verification service ({endpoint}) cannot be reached: try again later',
  },
  'verification.state.fee_unpaid': { cn: '待支付认证费', en: 'Fee unpaid' },
  'verification.state.face_pending': { cn: '待人脸核身', en: 'Face verification pending' },
  'verification.state.review': { cn: '待审核', en: 'In review' },
  'verification.state.approved': { cn: '已认证', en: 'Verified' },
  'verification.state.rejected': { cn: '已驳回', en: 'Rejected' },
  'field.realnameName': { cn: '真实姓名', en: 'Real name' },
  'field.realnameCertificatetype': { cn: '证件类型', en: 'ID type' },
  'field.realnameCertificateid': { cn: '证件号码', en: 'ID number' },
  'field.approve': { cn: '审核结果', en: 'Decision' },
  'field.verificationFee': { cn: '实名认证费用', en: 'Verification fee' },
} as const satisfies LocalizedMessages;
