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
  constructor(readonly text: string) {}
}

const OK_PREFIX = `{"code":${Codes.SUCCESS.code},"msg":${JSON.stringify(Codes.SUCCESS.msg)},"data":`;

/** The success envelope around data that is already JSON. */
export function okJsonText(data: JsonText): string {
  return `${OK_PREFIX}${data.text}}`;
}
