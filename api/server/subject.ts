// A data subject's rights, for operators (docs/privacy.md, "Requests"): `npm run api -- subject
// show --email <address>` prints everything the API holds for that address as JSON; `subject erase
// --email <address>` deletes it everywhere the API keeps it (the leads, with their place in the
// forwarding queue, and the idempotency records that answered them) and prints what it removed, by
// id, never the data again. Both read the store of API_STORE (SQLite at DB_PATH, or DynamoDB at
// DDB_TABLE), as the server does. What the API cannot erase itself (the CRM's copy of a forwarded
// lead) is named in the notes, in English and Arabic (the operators' catalog), for the operator to
// pass the request on.
import { type Bilingual, operatorText } from '../../locales/operator'
import { archivedConsent } from './consent'
import { leadDeletedAfter, type Retention } from './retention'
import type { ContactRecord, Store } from './store/port'

export type SubjectCommand = { action: 'show' | 'erase'; email: string }

/** A note for the operator, in both languages. */
type Note = Bilingual

const sessionsNote: Note = operatorText('subject.note.sessions')

function crmNote(ids: string[], erased: boolean): Note {
  const values = { count: ids.length, ids: ids.join(', ') }
  return operatorText(erased ? 'subject.note.crmErased' : 'subject.note.crmHeld', values)
}

function attemptedNote(ids: string[]): Note {
  return operatorText('subject.note.attempted', { ids: ids.join(', ') })
}

const nothingNote: Note = operatorText('subject.note.nothing')

/** A lead's consent with the words it stood for, from the archive (null on a lead from before versions were kept). */
function consentShown(lead: ContactRecord) {
  if (!lead.consent) return null
  const archived = archivedConsent(lead.consent.version)
  return {
    ...lead.consent,
    text: archived?.texts['contact.field.consent'] ?? null,
    noticeRecorded: archived?.recorded ?? null,
  }
}

/** `subject show`: everything held for `email`, as the JSON the command prints. */
export async function showSubject(store: Store, email: string, retention: Retention) {
  const leads = await store.contactsOf(email)
  const forwarded = leads.filter((l) => l.forward?.status === 'forwarded').map((l) => l.id)
  const notes: Note[] = [leads.length === 0 ? nothingNote : undefined, sessionsNote].filter((n) => n !== undefined)
  if (forwarded.length) notes.push(crmNote(forwarded, false))
  return {
    email,
    store: store.kind,
    leads: leads.map((lead) => ({
      id: lead.id,
      kind: lead.kind,
      receivedAt: lead.receivedAt,
      deletedAfter: leadDeletedAfter(lead.receivedAt, retention),
      spam: lead.spam,
      data: lead.data,
      consent: consentShown(lead),
      forward: lead.forward ?? null,
    })),
    checkoutSessions: [],
    notes,
  }
}

/** `subject erase`: deletes what is held for `email`; answers the JSON the command prints. */
export async function eraseSubject(store: Store, email: string) {
  const leads = await store.contactsOf(email)
  const erased = await store.eraseContacts(leads.map((l) => l.id))
  // As each lead was when deleted: a drainer may have claimed or delivered it since it was read.
  const removed = erased.removed
  const forwarded = removed.filter((l) => l.forward?.status === 'forwarded').map((l) => l.id)
  // Not confirmed but tried (a lead being delivered counts its attempt when claimed): an attempt may
  // be on the wire, and one that failed by a timeout may have reached the CRM all the same.
  const attempted = leads
    .filter((l) => l.forward?.status !== 'forwarded' && (l.forward?.attempts ?? 0) > 0)
    .map((l) => l.id)
  const notes: Note[] = removed.length === 0 ? [nothingNote] : []
  if (forwarded.length) notes.push(crmNote(forwarded, true))
  if (attempted.length) notes.push(attemptedNote(attempted))
  const byId = new Map(leads.map((l) => [l.id, l]))
  // No address: a saved copy of this output must not tie the ids back to the person.
  return {
    store: store.kind,
    erased: {
      leads: removed.map((l) => ({
        id: l.id,
        kind: byId.get(l.id)!.kind,
        receivedAt: byId.get(l.id)!.receivedAt,
        forward: l.forward?.status ?? null,
      })),
      leadCount: removed.length,
      idempotencyRecords: erased.idempotency,
    },
    crm: { forwarded, attempted },
    notes,
  }
}
