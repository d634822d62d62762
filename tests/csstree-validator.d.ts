// The part of csstree-validator's API the tests use (the package ships no types).
declare module 'csstree-validator' {
  interface ValidationError {
    name: string
    message: string
    /** The value that failed, for a value's error. */
    css?: string
    line?: number
    column?: number
  }
  /** The problems of `css` (named `filename` in the messages): none for valid CSS. */
  export function validate(css: string, filename?: string): ValidationError[]
}
