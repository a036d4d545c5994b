import { MAIL_TEST_PATH, type MailTestRequest } from '@nimbus/contract';
import { requestEnvelope } from '@/shared/api/client';

export const mailApi = {
  /** Sends a test e-mail with the saved settings; answers the server's own success sentence. */
  sendTest: async (body: MailTestRequest) =>
    (await requestEnvelope<undefined>('POST', MAIL_TEST_PATH, { body })).msg,
};
