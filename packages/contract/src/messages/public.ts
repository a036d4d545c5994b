import { accountMessages } from './account';
import { commonMessages } from './common';
import { fieldMessages } from './fields';
import { validationMessages } from './validation';

/**
 * The part of the catalogue a visitor can meet before logging in (login, register, password
 * reset). Its own module, so that the web's first load carries these and not the whole
 * catalogue (a module's code goes into one chunk, whoever else uses it).
 */
export const publicMessages = {
  ...commonMessages,
  ...validationMessages,
  ...fieldMessages,
  ...accountMessages,
};
