const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe in an element's content and in a quoted attribute alike: the one escaper of the
 * browser's runtime, the build and the host rules (the API's sandbox pages, a program of their own,
 * escape in api/server/checkout/page.ts).
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!)
