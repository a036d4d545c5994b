import { MAIL_CONFIG_KEY, type MailTestRequest } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { mailApi } from '@/features/mail-settings/api/mail-api';
import { useConfigRecord, useUpdateConfig } from '@/features/system-config/hooks/useConfigRecord';

export const useMailConfigRecord = () => useConfigRecord(MAIL_CONFIG_KEY);
export const useSaveMailConfig = useUpdateConfig;

export function useSendTestMail() {
  return useMutation({ mutationFn: (body: MailTestRequest) => mailApi.sendTest(body) });
}
