/** The most voucher codes one office batch makes (docs/office.md "Earning and promotions"); zod-free, for the page. */
export const VOUCHER_BATCH_MAX = 10_000;
