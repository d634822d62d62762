// https://vike.dev/client: runs in the browser before hydration.
import { handleChunkErrors } from './runtime/chunkErrors'

handleChunkErrors()
