// https://vike.dev/client: the only script of a page. Plain TypeScript: React comes only with
// the islands a page has (renderer/client/islands.ts loads them).
import { startRuntime } from './client/start'

startRuntime()
