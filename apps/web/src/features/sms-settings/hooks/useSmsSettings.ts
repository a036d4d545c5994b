import type { SmsTestRequest } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { smsApi } from '@/features/sms-settings/api/sms-api';
import { useConfigRecord } from '@/features/system-config/hooks/useConfigRecord';

/** The three provider rows (spec §3: ids 26, 45, 46), loaded together so the enabled one can be picked. */
export function useSmsProviderRecords() {
  const tencent = useConfigRecord('SMS_CONFIG_KEY');
  const aliyun = useConfigRecord('ALIYUN_SMS_CONFIG_KEY');
  const smsBao = useConfigRecord('SMS_BAO');
  const queries = [tencent, aliyun, smsBao];
  return {
    records:
      tencent.data && aliyun.data && smsBao.data
        ? ({
            SMS_CONFIG_KEY: tencent.data,
            ALIYUN_SMS_CONFIG_KEY: aliyun.data,
            SMS_BAO: smsBao.data,
          } as const)
        : undefined,
    isError: queries.some((q) => q.isError),
    refetch: () => queries.forEach((q) => void q.refetch()),
  };
}

export type SmsProviderRecords = NonNullable<ReturnType<typeof useSmsProviderRecords>['records']>;

export function useSendTestSms() {
  return useMutation({ mutationFn: (body: SmsTestRequest) => smsApi.sendTest(body) });
}
