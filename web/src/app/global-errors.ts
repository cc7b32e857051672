import { pushLog } from './stores/log-store';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? reason.message;
  return typeof reason === 'string' ? reason : JSON.stringify(reason);
}

/** Spec §8: uncaught errors and rejections become error log entries. Returns the remover. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    pushLog(event.message || '脚本运行异常', 'error', `${event.filename ?? ''}:${event.lineno ?? 0} ${describe(event.error)}`);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // Business and HTTP errors were already shown to the user; still logged for support.
    pushLog(reason instanceof Error ? reason.message : '未处理的异步异常', 'error', describe(reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
