/** What the account pages say (item 1–3 of issue 34), shared by the web and the tests that look for it. */
export const ACCOUNT_MSG = {
  resetSent: (email: string) => `If an account uses ${email}, we’ve sent it a link to choose a new password. The link works once, within the hour.`,
  resetInvalid: 'This reset link has expired or was already used. Ask for a new one below.',
  passwordChanged: 'Your password is changed. You’re signed out on your other devices.',
  passwordReset: 'Your password is changed. Sign in with the new one.',
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your account switches to that address once you follow it.`,
  emailChanged: 'Your email is changed.',
  signedOutEverywhere: 'You’re signed out on every device. Sign in again to continue.',
  accountDeleted: 'Your account is deleted. Thank you for trying Tress.',
  exportPreparing: 'We’re putting your data together. This usually takes a few seconds.',
  exportFailed: 'We couldn’t put your data together. Please try again.',
} as const;
