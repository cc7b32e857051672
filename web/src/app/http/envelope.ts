import { SUCCESS_CODE } from '@kapu/contract';

/** Every API answer (ARCHITECTURE §3): code 1000 = success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** When present the server asks us to store u-query-day = 1 − keyDay. */
  keyDay?: number;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    !!value && typeof value === 'object' && 'code' in value && typeof (value as { code: unknown }).code === 'number'
  );
}

export function isSuccess(envelope: Envelope): boolean {
  return envelope.code === SUCCESS_CODE;
}

/** A non-1000 answer, thrown by `unwrap` so callers can branch on the code. */
export class BusinessError extends Error {
  readonly code: number;
  constructor(code: number, msg: string) {
    super(msg);
    this.name = 'BusinessError';
    this.code = code;
  }
}

/** A transport failure (HTTP status or network); its message is already shown to the user. */
export class HttpError extends Error {
  readonly status: number | null;
  constructor(status: number | null, text: string) {
    super(text);
    this.name = 'HttpError';
    this.status = status;
  }
}
