import { lazy } from '../../renderer/islands/lazy'

/**
 * The checkout's calls to the API (./api.ts, with the contract's schemas), loaded once the cart has
 * something to price or a return is to be followed: one load for the quote and the pay step.
 */
export const loadApi = lazy(() => import('./api'))
