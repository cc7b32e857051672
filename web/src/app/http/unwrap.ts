import { MESSAGE_SECONDS } from '@kapu/contract';
import { feedback } from '../feedback';
import { BusinessError, isSuccess, type Envelope } from './envelope';
import { isSessionCode } from './session-codes';

/**
 * For callers that only want the data: code 1000 → data; otherwise throw BusinessError and
 * show msg as an error toast (session codes already have their dialog, so no toast for them).
 */
export async function unwrap<T>(request: Promise<Envelope<T>>, options: { toast?: boolean } = {}): Promise<T> {
  const envelope = await request;
  if (isSuccess(envelope)) return envelope.data;
  if (options.toast !== false && !isSessionCode(envelope.code))
    feedback().message.error(envelope.msg || '操作失败', MESSAGE_SECONDS);
  throw new BusinessError(envelope.code, envelope.msg);
}
