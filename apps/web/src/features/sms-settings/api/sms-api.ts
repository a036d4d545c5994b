import { SMS_TEST_PATH, type SmsTestRequest } from '@nimbus/contract';
import { requestEnvelope } from '@/shared/api/client';

export const smsApi = {
  /** Sends the `code` template with a sample code using the saved settings of `type`; answers the server's sentence. */
  sendTest: async (body: SmsTestRequest) =>
    (await requestEnvelope<undefined>('POST', SMS_TEST_PATH, { body })).msg,
};
