// The benches' plain-text tables: the columns in `left` left-aligned, the others right-aligned, a
// rule of dashes under the head, no trailing spaces.
export function textTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  left: readonly number[],
): string[] {
  const leftAligned = new Set(left)
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => (r[i] ?? '').length)))
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
}

/** Prints a plain table and a blank line: first column left-aligned, the others right-aligned. */
export function printTable(head: string[], rows: (string | number)[][]) {
  for (const line of textTable(
    head,
    rows.map((r) => r.map(String)),
    [0],
  ))
    console.log(line)
  console.log()
}
