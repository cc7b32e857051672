import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { feedback } from '@/app/feedback';
import type { Envelope } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';

/** What a write gave: its data, or ok false when it failed (its message was shown already). */
export type ActionResult<T> = { ok: true; data: T } | { ok: false };

interface ActionHandlers<I, T> {
  /** Success toast, fixed or built from the answer. */
  success?: string | ((data: T, input: I) => string);
  /** Query keys (prefixes, from the api/keys factories) to refetch after a success. */
  invalidates?: readonly QueryKey[];
  /**
   * After a success (after the toast and the invalidations). A promise it returns is awaited: the
   * write stays pending (and `act`/`confirm` unanswered) until that follow-up work is done.
   */
  onSuccess?: (data: T, input: I) => void | Promise<void>;
  /** After a failure, for the few screens that do more than show the message. */
  onError?: (error: unknown, input: I) => void;
  /** Show the server's message as an error toast (default); false when the screen shows it itself. */
  errorToast?: boolean;
}

export type ActionOptions<I, T> = ActionHandlers<I, T> &
  (
    | {
        /** The request; its envelope is unwrapped like every call (code ≠ 1000 → error toast, then a failure). */
        call: (input: I) => Promise<Envelope<T>>;
        task?: never;
      }
    | {
        /** Work that is not one envelope (a file download, several calls that unwrap themselves). */
        task: (input: I) => Promise<T>;
        call?: never;
      }
  );

/**
 * The one idiom for a write (a button or form that changes something): TanStack Query's
 * useMutation with the envelope unwrapped, the success toast, the named invalidations and the
 * pending state for the button. Failures are shown by the HTTP client / unwrap, so `run` never
 * throws: call it from an onClick or onFinish as it is, or await `act` to branch on the outcome;
 * `confirm` is the one that rejects, for the confirm popups that must stay open on a failure.
 */
export function useAction<I = void, T = unknown>(options: ActionOptions<I, T>) {
  const client = useQueryClient();
  const mutation = useMutation<T, unknown, I>({
    mutationFn: (input) =>
      options.call ? unwrap(options.call(input), { toast: options.errorToast }) : options.task(input),
    onSuccess: (data, input) => {
      const text = typeof options.success === 'function' ? options.success(data, input) : options.success;
      if (text) feedback().message.success(text);
      for (const queryKey of options.invalidates ?? []) void client.invalidateQueries({ queryKey });
      return options.onSuccess?.(data, input);
    },
    onError: (error, input) => options.onError?.(error, input),
  });
  const act = (input: I): Promise<ActionResult<T>> =>
    mutation.mutateAsync(input).then(
      (data) => ({ ok: true as const, data }),
      () => ({ ok: false as const }),
    );
  return {
    /** Start the write and forget the promise (outcome through the options). */
    run: (input: I) => void act(input),
    /** Start the write and get { ok, data }. */
    act,
    /**
     * For antd Popconfirm / Modal.confirm `onConfirm`/`onOk`: resolves on success and rejects on a
     * failure (after its error toast), because antd closes the popup only when the promise resolves.
     */
    confirm: (input: I): Promise<T> => mutation.mutateAsync(input),
    /** True while the write is under way: the button's `loading`. */
    isPending: mutation.isPending,
    /** The input of the write under way (to mark the one row whose button is busy). */
    pendingInput: mutation.isPending ? mutation.variables : undefined,
  };
}
