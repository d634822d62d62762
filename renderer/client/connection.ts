type Connection = { saveData?: boolean; effectiveType?: string }

export function connection(): Connection | undefined {
  return (navigator as Navigator & { connection?: Connection }).connection
}

/** saveData, or a 2g / slow-2g connection: do not prefetch (docs/behaviour.md §5). */
export function isSlowConnection(c = connection()): boolean {
  return !!c && (!!c.saveData || /2g/.test(c.effectiveType ?? ''))
}
