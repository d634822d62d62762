// dynalite ships no types: a function that makes an http.Server speaking DynamoDB's protocol
// (in memory without `path`).
declare module 'dynalite' {
  import type { Server } from 'node:http'
  export default function dynalite(options?: {
    path?: string
    createTableMs?: number
    deleteTableMs?: number
    updateTableMs?: number
    maxItemSizeKb?: number
  }): Server
}
