// What the draft hook (./useDraft.ts) decides, without React (the draft's storage is ./form.ts's):
// what a stored draft puts back, what a save keeps of the last send, the Idempotency-Key a send
// carries, and when a draft's volume band can be chosen. Pure but for the Storage it is handed:
// tests/unit/contactDraft.test.ts.
import { keyFor } from '../../api/client/idempotency'
import { type Draft, type DraftRead, type FormKind, type FormValues, readDraft, writeDraft } from './form'

/** The key of the last send and the body it was sent with. */
type Sending = Pick<Draft, 'key' | 'sent'>

/**
 * What a draft read once the form has hydrated puts back: nothing; a notice, for a corrupt draft
 * (the read has removed it, so the form starts empty); or its values, the volume band apart, which
 * waits for its country's bands (none of the first render's may be it).
 */
export function restorable(read: DraftRead): { corrupt: true } | { values: FormValues; volume?: string } | null {
  if (!read) return null
  if ('corrupt' in read) return { corrupt: true }
  const { volume, ...values } = read.draft.values
  return typeof volume === 'string' ? { values, volume } : { values }
}

/** The key and body of the draft's last send (none when there is no draft, or a corrupt one). */
function lastSend(read: DraftRead): Sending {
  return read && 'draft' in read ? { key: read.draft.key, sent: read.draft.sent } : {}
}

/**
 * Stores what the form holds. `sending`: the key and body of the send under way, or `{}` once
 * the server has refused the key (the next send gets a new one); without it, the last send's stay.
 */
export function saveDraft(storage: Storage, kind: FormKind, values: FormValues, sending?: Sending, now = Date.now()) {
  const kept = lastSend(readDraft(storage, kind, now))
  writeDraft(storage, kind, values, sending ?? kept, now)
}

/**
 * The key for sending `body`: the stored draft's when it was last sent with this same body (a
 * retry, after a reload too), so that the server answers it once; else a new one.
 */
export function sendingOf(storage: Storage, kind: FormKind, body: Record<string, unknown>, newKey: () => string) {
  return keyFor(body, lastSend(readDraft(storage, kind)), newKey)
}

/**
 * A draft's volume band, each time the bands shown change (another country's replace them in
 * place): `choose` it once the list has it (unless the visitor has chosen one meanwhile), `drop`
 * it once a country is chosen whose bands do not have it (another currency's), else `wait`.
 */
export function volumeStep(options: readonly string[], volume: string, market: string): 'choose' | 'drop' | 'wait' {
  if (options.includes(volume)) return 'choose'
  return market ? 'drop' : 'wait'
}
