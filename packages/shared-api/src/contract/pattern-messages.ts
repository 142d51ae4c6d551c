import { PAYMENT_MESSAGES, PAYMENT_METHOD_NAME_PATTERN } from '../constants/payments';
import { CATALOG_MESSAGES, DISCOUNT_CODE_NAME_PATTERN } from '../constants/catalog';
import { PROFILE_MESSAGES, USER_NAME_PATTERN } from '../constants/profile';

/**
 * What the server says when a field does not match one of these patterns: the same words the
 * forms show, instead of a generic "not in the expected format".
 */
export const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [USER_NAME_PATTERN]: PROFILE_MESSAGES.userName,
  [PAYMENT_METHOD_NAME_PATTERN]: PAYMENT_MESSAGES.paymentMethodNameInvalid,
  [DISCOUNT_CODE_NAME_PATTERN]: CATALOG_MESSAGES.codeNameInvalid,
};
