import { BusinessError, HttpError } from './http/envelope';
import { pushLog } from './stores/log-store';

/** antd's validateFields rejection: the form already marks the invalid fields. */
function isFormValidationFailure(reason: unknown): boolean {
  return !!reason && typeof reason === 'object' && Array.isArray((reason as { errorFields?: unknown }).errorFields);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? reason.message;
  return typeof reason === 'string' ? reason : JSON.stringify(reason);
}

/** Spec §8: uncaught errors and rejections become error log entries. Returns the remover. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    pushLog(
      event.message || '脚本运行异常',
      'error',
      `${event.filename ?? ''}:${event.lineno ?? 0} ${describe(event.error)}`,
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    // A refused call (business code or HTTP error) is an expected outcome the client already
    // showed as a toast or dialog: a form handler that lets it through has handled it, so it is
    // not an uncaught error of the page. Still logged for support.
    if (reason instanceof BusinessError || reason instanceof HttpError || isFormValidationFailure(reason)) {
      event.preventDefault();
      pushLog(reason instanceof Error ? reason.message : '表单校验未通过', 'info', describe(reason));
      return;
    }
    pushLog(reason instanceof Error ? reason.message : '未处理的异步异常', 'error', describe(reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
