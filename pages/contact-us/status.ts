// Where a contact form's send stands, without React: what the API's answer leaves (sent, the
// contract's errors to show again, or a failure to retry), and the banner a failure shows.
// Pure: tests/unit/contactDraft.test.ts.
import type { ApiError, ApiResult } from '../../api/client/http'
import type { MessageId } from '../../locales/messages'
import type { Errors } from './errors'

export type Status =
  | { state: 'idle' }
  /** `after`: the failure being retried; its banner stays, so that focus stays on its button. */
  | { state: 'sending'; after?: ApiError }
  | { state: 'failed'; error: ApiError }
  | { state: 'sent'; id: string; email: string }

/**
 * What the API's answer to a send leaves: `sent` (the draft is cleared); the fields the API
 * refused, shown as the schema's are; or a failure not the visitor's to fix. A key the server saw
 * with another body (`conflict`) cannot be used again: `newKey` drops it from the draft.
 */
export function afterSend(
  result: ApiResult<{ id: string }>,
  email: string,
): { status: Status; errors?: Errors; draft?: 'clear' | 'newKey' } {
  if (result.ok) return { status: { state: 'sent', id: result.value.id, email }, draft: 'clear' }
  if (result.error.kind === 'invalid' && result.error.fields)
    return { status: { state: 'idle' }, errors: result.error.fields }
  const status: Status = { state: 'failed', error: result.error }
  return result.error.kind === 'conflict' ? { status, draft: 'newKey' } : { status }
}

/**
 * The banner under the form: the failure while it stands, and kept while its retry is sent
 * (unmounting it would drop the focused "Try again" on the document, WCAG 2.4.3), then saying
 * "Sending…", so that a second failure is announced again.
 */
export function bannerOf(status: Status): { error: ApiError; sending: boolean } | undefined {
  if (status.state === 'failed') return { error: status.error, sending: false }
  if (status.state === 'sending' && status.after) return { error: status.after, sending: true }
  return undefined
}

export const statusMessages: Record<ApiError['kind'], MessageId> = {
  offline: 'contact.status.offline',
  timeout: 'contact.status.timeout',
  rate: 'contact.status.rate',
  server: 'contact.status.server',
  'bad-response': 'contact.status.badResponse',
  conflict: 'contact.status.conflict',
  invalid: 'contact.status.badResponse',
}

/** The minutes a banner asks the visitor to wait: a 429's Retry-After rounded up, a minute at least. */
export const retryMinutes = (error: ApiError) => Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60))
