import { enGB, type PageTexts } from './en-GB.js';

/** American English: British English with American spelling. */
export const enUS: PageTexts = {
  ...enGB,
  forgotLink: 'Forgot your password?',
  forgotTitle: 'Forgot your password?',
};
