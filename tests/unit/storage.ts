// localStorage and sessionStorage as the browser has them, in memory, for the pure tests of what
// the islands keep there (drafts, the cart).
export function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, value) => void items.set(k, value),
  }
}
