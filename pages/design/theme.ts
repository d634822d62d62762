// The theme model lives in the contract, so the design page and the API's hosted payment page
// (api/server/checkout/page.ts) share one source.
export * from '../../api/contract/theme'
