import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { HTTP_TIMEOUT_MS, MESSAGE_SECONDS } from '@kapu/contract';
import { feedback } from '../feedback';
import { pushLog } from '../stores/log-store';
import { setCookie } from '../storage/cookies';
import { authorizationFor } from './authorization';
import { HttpError, isEnvelope, type Envelope } from './envelope';
import { httpErrorText } from './http-errors';
import { handleSessionCode } from './session-codes';
import { API_BASE } from '../site-base';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the HTTP error toast (the caller shows its own outcome, e.g. the admin path probe). */
    silent?: boolean;
  }
}

export const REQUEST_ERROR_LOG = '数据请求异常';

export const http = axios.create({
  // A sub-site opened by its path sends its calls under that path; the server strips it (decision 0009).
  baseURL: `${API_BASE}/`,
  timeout: HTTP_TIMEOUT_MS,
  withCredentials: true,
});

function attachAuthorization(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const authorization = authorizationFor(config.url ?? '');
  if (authorization) config.headers.set('Authorization', authorization);
  return config;
}

function handleEnvelope(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  if (isEnvelope(body)) {
    if (body.keyDay !== undefined && body.keyDay !== null) setCookie('u-query-day', String(1 - Number(body.keyDay)));
    handleSessionCode(body.code, body.msg ?? '', response.config.url ?? '');
  }
  return response;
}

function statusOf(error: AxiosError): number | null {
  if (error.response) return error.response.status;
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return 408;
  return null;
}

function handleHttpError(error: unknown): Promise<never> {
  if (axios.isCancel(error) || !(error instanceof AxiosError)) return Promise.reject(error);
  const status = statusOf(error);
  const text = httpErrorText(status, error.config?.url ?? '');
  pushLog(
    REQUEST_ERROR_LOG,
    'error',
    `${error.config?.method?.toUpperCase() ?? ''} ${error.config?.url ?? ''} → ${text}`,
  );
  if (!error.config?.silent) feedback().message.error(text, MESSAGE_SECONDS);
  return Promise.reject(new HttpError(status, text));
}

http.interceptors.request.use(attachAuthorization);
http.interceptors.response.use(handleEnvelope, handleHttpError);

export type FormValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

/** Form encoding with repeated keys for arrays (setSalePwd). Empty values are left out. */
export function toFormBody(values: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) body.append(key, String(item));
    else body.append(key, String(value));
  }
  return body;
}

/** POST form-encoded; the envelope comes back whatever its code. */
export async function postForm<T>(
  url: string,
  values: Record<string, FormValue> = {},
  options: { silent?: boolean } = {},
): Promise<Envelope<T>> {
  const response = await http.post<Envelope<T>>(url, toFormBody(values), { silent: options.silent });
  return response.data;
}

/** POST multipart (uploads). */
export async function postFile<T>(url: string, file: Blob, field = 'file'): Promise<Envelope<T>> {
  const body = new FormData();
  body.append(field, file);
  const response = await http.post<Envelope<T>>(url, body);
  return response.data;
}
