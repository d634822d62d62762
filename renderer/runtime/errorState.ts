import { useSyncExternalStore } from 'react'
import { navigate } from './navigate'

export interface AppError {
  statusCode: number
  message?: string
}

// The fatal error, shared by the whole app (BEHAVIOUR.md section 6); the layout shows the error
// page while it is set.
let current: AppError | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function showError(error: string | Partial<AppError>): AppError {
  current = typeof error === 'string' ? { statusCode: 500, message: error } : { statusCode: 500, ...error }
  emit()
  return current
}

export async function clearError(options: { redirect?: string } = {}) {
  current = null
  emit()
  if (options.redirect) await navigate(options.redirect)
}

export function useAppError(): AppError | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
    () => null,
  )
}
