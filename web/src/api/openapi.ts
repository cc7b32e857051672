import type {
  OpenApiCallView,
  OpenApiKeySecret,
  OpenApiKeyView,
  OpenApiScope,
  OpenApiTryAnswer,
  Paged,
} from '@kapu/contract';
import { postForm } from '@/app/http/client';

const I = '/inside/openapi';

export interface OpenApiKeyForm {
  name: string;
  scopes: OpenApiScope[];
  ipAllowlist?: string;
}

/** 我的接口密钥（含账户设置里的默认密钥；不含密钥明文） POST /inside/openapi/keys */
export function getOpenApiKeys() {
  return postForm<OpenApiKeyView[]>(`${I}/keys`);
}
/** 新建接口密钥（密钥只在此时返回一次） POST /inside/openapi/createKey */
export function createOpenApiKey(values: OpenApiKeyForm) {
  return postForm<OpenApiKeySecret>(`${I}/createKey`, {
    name: values.name,
    scopes: values.scopes,
    ipAllowlist: values.ipAllowlist ?? '',
  });
}
/** 修改密钥名称、权限、IP 白名单与商品推送地址 POST /inside/openapi/updateKey */
export function updateOpenApiKey(values: OpenApiKeyForm & { id: number; pushUrl?: string }) {
  return postForm<null>(`${I}/updateKey`, {
    id: values.id,
    name: values.name,
    scopes: values.scopes,
    ipAllowlist: values.ipAllowlist ?? '',
    pushUrl: values.pushUrl ?? '',
  });
}
/** 启用或停用密钥 POST /inside/openapi/enableKey */
export function enableOpenApiKey(id: number, enabled: boolean) {
  return postForm<null>(`${I}/enableKey`, { id, enabled: enabled ? 1 : 0 });
}
/** API 下单免交易密码：开关某个密钥（0 为默认密钥）；已设置交易密码时须输入 POST /inside/openapi/setNoSalePwd */
export function setOpenApiKeyNoSalePwd(id: number, enabled: boolean, salePwd?: string) {
  return postForm<null>(`${I}/setNoSalePwd`, { id, enabled: enabled ? 1 : 0, ...(salePwd ? { salePwd } : {}) });
}
/** 重置密钥（新密钥只显示一次） POST /inside/openapi/rotateKey */
export function rotateOpenApiKey(id: number) {
  return postForm<OpenApiKeySecret>(`${I}/rotateKey`, { id });
}
/** 吊销密钥（不可恢复） POST /inside/openapi/revokeKey */
export function revokeOpenApiKey(id: number) {
  return postForm<null>(`${I}/revokeKey`, { id });
}
/** 默认密钥的商品推送地址 POST /inside/openapi/setPush */
export function setOpenApiPush(appId: string, pushUrl: string) {
  return postForm<null>(`${I}/setPush`, { appId, pushUrl });
}
/** 接口调用日志 POST /inside/openapi/calls */
export function getOpenApiCalls(query: { appId?: string; page: number; pageSize: number }) {
  return postForm<Paged<OpenApiCallView>>(`${I}/calls`, { ...query });
}
/** 在线调试：服务器用所选密钥签名并调用 POST /inside/openapi/try */
export function tryOpenApi(values: { appId: string; path: string; body: string }) {
  return postForm<OpenApiTryAnswer>(`${I}/try`, { ...values });
}
