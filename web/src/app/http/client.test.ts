import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AxiosError } from 'axios';
import { HTTP_TIMEOUT_MS, STORAGE_PREFIX } from '@kapu/contract';
import { fakeFeedback, fakeNavigator, fakeServer } from '@/test/fakes';
import { rawCookie } from '@/test/cookies';
import { setFeedback } from '../feedback';
import { setNavigator } from '../router/navigation';
import { useLogStore } from '../stores/log-store';
import { writeAdminPath, writeAdminToken, writeUserToken } from '../storage/local';
import { http, postFile, postForm, REQUEST_ERROR_LOG, toFormBody } from './client';
import { BusinessError, HttpError } from './envelope';
import { resetSessionDialog } from './session-codes';
import { unwrap } from './unwrap';

let ui: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  ui = fakeFeedback();
  fakeNavigator();
  resetSessionDialog();
  useLogStore.getState().clear();
});
afterEach(() => {
  setFeedback(null);
  setNavigator(null);
});

describe('axios instance', () => {
  it('base /, 2 h timeout, credentials on', () => {
    expect(http.defaults.baseURL).toBe('/');
    expect(http.defaults.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(http.defaults.timeout).toBe(7_200_000);
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('sends the Authorization header chosen by the first segment', async () => {
    writeAdminPath('adm1');
    writeAdminToken('ADMIN-T');
    writeUserToken('USER-T');
    const seen = fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null } }));
    await postForm('/adm1/auth/me');
    await postForm('/inside/inter/getAccount');
    expect(seen[0].headers.get('Authorization')).toBe('ADMIN-T');
    expect(seen[1].headers.get('Authorization')).toBe('USER-T');
  });

  it('posts form-encoded with repeated keys for arrays, multipart for files', async () => {
    const seen = fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null } }));
    await postForm('/inside/inter/setSalePwd', { scene: ['buy', 'transfer'], pwd: '123456', skip: undefined });
    expect(seen[0].data).toBe('scene=buy&scene=transfer&pwd=123456');
    expect(String(seen[0].headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    await postFile('/inside/uploadFile', new Blob(['x'], { type: 'image/png' }));
    expect(seen[1].data).toBeInstanceOf(FormData);
    expect((seen[1].data as FormData).get('file')).toBeInstanceOf(Blob);
    expect(toFormBody({ a: [1, 2], b: true }).toString()).toBe('a=1&a=2&b=true');
  });
});

describe('envelope handling', () => {
  it('returns any other code unchanged', async () => {
    const envelope = { code: 1102, msg: '账号或密码错误', data: null };
    fakeServer(() => ({ data: envelope }));
    await expect(postForm('/user/login')).resolves.toEqual(envelope);
    expect(ui.modal.error).not.toHaveBeenCalled();
    expect(ui.message.error).not.toHaveBeenCalled();
  });

  it('keyDay sets cookie u-query-day = 1 − keyDay', async () => {
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null, keyDay: 3 } }));
    await postForm('/inside/inter/getAccount');
    expect(rawCookie(`${STORAGE_PREFIX}u-query-day`)).toBe('-2');
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null, keyDay: 0 } }));
    await postForm('/inside/inter/getAccount');
    expect(rawCookie('admin-kapu-u-query-day')).toBe('1');
  });

  it('no keyDay → cookie untouched', async () => {
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null } }));
    await postForm('/site/info');
    expect(rawCookie('admin-kapu-u-query-day')).toBeUndefined();
  });

  it('unwrap gives data on 1000 and throws BusinessError + error toast otherwise', async () => {
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: { n: 1 } } }));
    await expect(unwrap(postForm<{ n: number }>('/x'))).resolves.toEqual({ n: 1 });
    fakeServer(() => ({ data: { code: 5001, msg: '余额不足', data: null } }));
    const error = await unwrap(postForm('/x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).code).toBe(5001);
    expect(ui.message.error).toHaveBeenCalledWith('余额不足', 3);
  });

  it('unwrap does not toast on a session code (the dialog says it)', async () => {
    localStorage.setItem('token', JSON.stringify({ authCode: 'U' }));
    fakeServer(() => ({ data: { code: -2, msg: '登录已失效，请重新登录', data: null } }));
    await expect(unwrap(postForm('/inside/inter/getAccount'))).rejects.toBeInstanceOf(BusinessError);
    expect(ui.message.error).not.toHaveBeenCalled();
    expect(ui.modal.error).toHaveBeenCalledTimes(1);
  });
});

describe('HTTP error catalogue', () => {
  const cases: Array<[number, string]> = [
    [400, '请求错误'],
    [401, '未授权，请登录'],
    [403, '拒绝访问'],
    [404, '请求地址出错: /inside/inter/nothing'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
  ];
  it.each(cases)('%i → %s: log entry, 3 s toast, rejection', async (status, text) => {
    fakeServer(() => ({ status, data: '' }));
    const error = await postForm('/inside/inter/nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(text);
    expect((error as HttpError).status).toBe(status);
    expect(ui.message.error).toHaveBeenCalledWith(text, 3);
    const entries = useLogStore.getState().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ message: REQUEST_ERROR_LOG, type: 'error' });
    expect(entries[0].message).toBe('数据请求异常');
    expect(entries[0].meta.url).toBe(window.location.href);
  });

  it('404 names the request URL', async () => {
    fakeServer(() => ({ status: 404 }));
    await postForm('/adm9/auth/login').catch(() => undefined);
    expect(ui.message.error).toHaveBeenCalledWith('请求地址出错: /adm9/auth/login', 3);
  });

  it('a timeout reads as 请求超时', async () => {
    http.defaults.adapter = async (config) => {
      throw new AxiosError('timeout of 7200000ms exceeded', AxiosError.ECONNABORTED, config);
    };
    await expect(postForm('/site/info')).rejects.toThrow('请求超时');
  });

  it('silent requests reject and log but do not toast', async () => {
    fakeServer(() => ({ status: 404 }));
    await expect(postForm('/nope/auth/probe', {}, { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(ui.message.error).not.toHaveBeenCalled();
    expect(useLogStore.getState().entries).toHaveLength(1);
  });
});
