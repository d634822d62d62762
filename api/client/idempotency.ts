// One Idempotency-Key per request body (docs/api.md): a retry of the same body, after a timeout,
// an error or a reload, carries the key of the first attempt, so the server answers with the first
// answer instead of writing twice; a changed body gets a new key. The islands keep `{ key, sent }`
// beside what they store (the contact draft, the checkout's cart).

/** The same text for the same body, whatever order its keys came in: a changed body needs a new key. */
export function fingerprint(body: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  )
}

/** The key for sending `body`: the last send's when the body is the same, else a new one. */
export function keyFor(
  body: Record<string, unknown>,
  last: { key?: string; sent?: string } | undefined,
  newKey: () => string,
): { key: string; sent: string } {
  const sent = fingerprint(body)
  return { key: last?.key && last.sent === sent ? last.key : newKey(), sent }
}
