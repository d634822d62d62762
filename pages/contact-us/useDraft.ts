import { type RefObject, useEffect, useRef, useState } from 'react'
import { restorable, saveDraft, volumeStep } from './draft'
import { type Draft, type FormKind, type FormValues, readDraft, valuesOf } from './form'

/** Puts a draft's values into the fields the visitor has not filled since the page loaded. */
function restore(form: HTMLFormElement, values: FormValues) {
  for (const [field, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      const boxes = form.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${field}"]`)
      if ([...boxes].some((b) => b.checked)) continue
      for (const box of boxes) box.checked = value.includes(box.value)
    } else if (typeof value === 'string') {
      const el = form.elements.namedItem(field)
      if (
        (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) &&
        !el.value
      )
        el.value = value
    }
  }
}

/**
 * A contact form's draft in sessionStorage (./draft.ts decides, ./form.ts stores): read once the
 * form has hydrated, into the fields still empty (a corrupt one is dropped and `corrupt` says
 * so); saved 300 ms after the last input, and at once when the island goes, so that what was just
 * typed is not lost with its timer. `market`: the country chosen, whose bands a draft's volume
 * band waits for; `setMarket` hears the one restored, or chosen before the island hydrated.
 */
export function useDraft(
  kind: FormKind,
  form: RefObject<HTMLFormElement | null>,
  market: string,
  setMarket: (market: string) => void,
) {
  const [corrupt, setCorrupt] = useState(false)
  /** A draft's volume band, chosen once its country's bands are shown. */
  const draftVolume = useRef<string>(undefined)
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration: the draft fills what is still empty.
  useEffect(() => {
    const read = restorable(readDraft(sessionStorage, kind))
    if (read && 'corrupt' in read) setCorrupt(true)
    else if (read && form.current) {
      restore(form.current, read.values)
      if (read.volume !== undefined) draftVolume.current = read.volume
    }
    // The country restored, or chosen before the island hydrated: its bands.
    const chosen = form.current?.elements.namedItem('market')
    if (chosen instanceof HTMLSelectElement) setMarket(chosen.value)
  }, [])

  // Another country's bands replace the options in place, so the band chosen keeps its place in
  // the list (the bands of every currency are about the same worth).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bands shown follow the country, which is when the draft's band may be among them.
  useEffect(() => {
    const el = form.current?.elements.namedItem('volume')
    const volume = draftVolume.current
    if (!volume || !(el instanceof HTMLSelectElement)) return
    const step = volumeStep(
      [...el.options].map((o) => o.value),
      volume,
      market,
    )
    if (step === 'choose' && !el.value) el.value = volume
    if (step !== 'wait') draftVolume.current = undefined
  }, [market])

  /** Saves what `el` holds; `sending`, the key of a send (./draft.ts `saveDraft`). */
  const save = (sending?: Pick<Draft, 'key' | 'sent'>, el = form.current) => {
    if (!el) return
    saveDraft(sessionStorage, kind, valuesOf(new FormData(el), kind), sending)
  }

  /** Stops a save still waiting on its timer; whether one was. */
  const cancelSave = () => {
    const pending = saveTimer.current !== undefined
    clearTimeout(saveTimer.current)
    saveTimer.current = undefined
    return pending
  }

  /** Saves 300 ms after the last input. */
  const saveSoon = () => {
    cancelSave()
    saveTimer.current = setTimeout(() => {
      saveTimer.current = undefined
      save()
    }, 300)
  }

  // What was typed in the last 300 ms is saved when the island goes (a link followed in the page, the
  // tab closed or reloaded), not lost with its timer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once: the form element and the pending save are read when it runs.
  useEffect(() => {
    const el = form.current
    const flush = () => {
      if (cancelSave() && el) save(undefined, el)
    }
    addEventListener('pagehide', flush)
    return () => {
      removeEventListener('pagehide', flush)
      flush()
    }
  }, [])

  return { corrupt, save, cancelSave, saveSoon }
}
