/** Spec §8: the Chinese text for each HTTP error status. */
export function httpErrorText(status: number | null, url: string): string {
  switch (status) {
    case 400:
      return '请求错误';
    case 401:
      return '未授权，请登录';
    case 403:
      return '拒绝访问';
    case 404:
      return `请求地址出错: ${url}`;
    case 408:
      return '请求超时';
    case 500:
      return '服务器内部错误';
    case 501:
      return '服务未实现';
    case 502:
      return '网关错误';
    case 503:
      return '服务不可用';
    case 504:
      return '网关超时';
    case 505:
      return 'HTTP版本不受支持';
    case null:
      return '网络连接失败，请检查网络后重试';
    default:
      return `请求失败（${status}）`;
  }
}
