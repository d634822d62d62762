/** `/` -> `/_payload.json`, `/ar/pricing/` -> `/ar/pricing/_payload.json` (BEHAVIOUR.md section 4). */
export function payloadPath(pathname: string): string {
  const p = pathname.replace(/\/+$/, '')
  return `${p}/_payload.json`
}
