import { Codes } from '@kapu/contract';

/** The answer shape of every API call: code 1000 is success, any other a catalogued business code; HTTP stays 200. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T | null;
  /** Days of order history a visitor may query; the web client keeps 1 − keyDay (its visitor lookup page counts so). */
  keyDay?: number;
}

export function ok<T>(data: T, msg: string = Codes.SUCCESS.msg): Envelope<T> {
  return { code: Codes.SUCCESS.code, msg, data };
}

export function failure(code: number, msg: string, data: unknown = null): Envelope {
  return { code, msg, data };
}

/**
 * An answer's data already serialised to JSON, sent as is: hot cached answers (the goods list)
 * skip JSON.stringify on every request. `T` documents the shape the text holds.
 */
export class JsonText<T = unknown> {
  declare readonly shape?: T;
  private body: Buffer | undefined;
  constructor(readonly text: string) {}

  /**
   * The whole success envelope as UTF-8, made once: a cached answer is then sent as it is, without
   * building and encoding a 10–20 KB string per request (CPU, and garbage for the young generation).
   */
  envelope(): Buffer {
    return (this.body ??= Buffer.from(okJsonText(this)));
  }

  /** What it takes in memory once sent (for caches bounded by bytes): the text, and its envelope's UTF-8 at most. */
  get bytes(): number {
    return 2 * this.text.length + 3 * (this.text.length + OK_PREFIX.length) + 96;
  }
}

const OK_PREFIX = `{"code":${Codes.SUCCESS.code},"msg":${JSON.stringify(Codes.SUCCESS.msg)},"data":`;

/** The success envelope around data that is already JSON. */
export function okJsonText(data: JsonText): string {
  return `${OK_PREFIX}${data.text}}`;
}
