import { violatedUniqueConstraint } from '../../platform/db/unique';
import { conflict } from '../../platform/http/app-error';

/** A taken username, e-mail or mobile of the table's accounts, as the message the form shows. */
export const takenField =
  (table: 'customers' | 'admins') =>
  (error: unknown): never => {
    const violated = violatedUniqueConstraint(error);
    if (violated === `${table}_username_unique`) throw conflict('account.usernameTaken');
    if (violated === `${table}_mail_unique`) throw conflict('account.mailTaken');
    if (violated === `${table}_mobile_unique`) throw conflict('account.mobileTaken');
    throw error;
  };
