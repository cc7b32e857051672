import { Codes, type CodeName } from '@kapu/contract';

/**
 * An expected failure with a catalogued code. Services throw it; the
 * envelope layer turns it into `{code, msg, data}` with HTTP 200.
 */
export class BusinessError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, msg: string, data?: unknown) {
    super(msg);
    this.name = 'BusinessError';
    this.code = code;
    this.data = data ?? null;
  }
}

/** Builds the error for a catalogued code; `msg` overrides the text when more precise. */
export function businessError(name: CodeName, msg?: string, data?: unknown): BusinessError {
  const entry = Codes[name];
  return new BusinessError(entry.code, msg ?? entry.msg, data);
}

export function isBusinessError(e: unknown): e is BusinessError {
  return e instanceof BusinessError;
}
