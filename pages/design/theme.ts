// The theme model lives in the contract, so the design page and the API's hosted payment page
// (api/server/checkout/page.ts) share one source.
export * from '../../api/contract/theme'

/**
 * The preview's card number: the test cards guide's approved Visa (locales/guides/en/testing/test-cards.md),
 * one the sandbox takes, as the hosted page would (tests/unit/hostedCopy.test.ts).
 */
export const previewCard = '4000 5500 1284 7360'
