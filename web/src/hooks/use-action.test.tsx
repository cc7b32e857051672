import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '@/app/http/client';
import { setFeedback } from '@/app/feedback';
import { fakeFeedback, fakeServer } from '@/test/fakes';
import { useAction } from './use-action';

let ui: ReturnType<typeof fakeFeedback>;
let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
beforeEach(() => {
  ui = fakeFeedback();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => setFeedback(null));

const save = (values: { name: string }) => postForm<{ id: number }>('/inside/inter/save', values);

describe('useAction: the one idiom for a write', () => {
  it('unwraps the answer, shows the success toast, invalidates the named keys, then calls onSuccess', async () => {
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: { id: 7 } } }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const done = vi.fn();
    const { result } = renderHook(
      () =>
        useAction({
          call: save,
          success: (r, input) => `已保存 ${input.name} #${r.id}`,
          invalidates: [['orders'], ['account']],
          onSuccess: done,
        }),
      { wrapper },
    );
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.act({ name: 'a' });
    });
    expect(outcome).toEqual({ ok: true, data: { id: 7 } });
    expect(ui.message.success).toHaveBeenCalledWith('已保存 a #7');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['orders'], ['account']]);
    expect(done).toHaveBeenCalledWith({ id: 7 }, { name: 'a' });
  });

  it('a refusal: the server message as an error toast, no success, no invalidation, ok false, onError told', async () => {
    fakeServer(() => ({ data: { code: 1102, msg: '名称已存在', data: null } }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const failed = vi.fn();
    const { result } = renderHook(
      () => useAction({ call: save, success: '已保存', invalidates: [['orders']], onError: failed }),
      { wrapper },
    );
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.act({ name: 'a' });
    });
    expect(outcome).toEqual({ ok: false });
    expect(ui.message.error).toHaveBeenCalledWith('名称已存在', expect.any(Number));
    expect(ui.message.success).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    expect((failed.mock.calls[0][0] as { code: number }).code).toBe(1102);
  });

  it('isPending (and the pending input) while the write is under way, for the button', async () => {
    let answer: (value: { data: unknown }) => void = () => undefined;
    const pending = new Promise<{ data: unknown }>((resolve) => (answer = resolve));
    const { result } = renderHook(() => useAction({ task: async (_id: number) => (await pending).data }), { wrapper });
    expect(result.current.isPending).toBe(false);
    act(() => result.current.run(3));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(result.current.pendingInput).toBe(3);
    await act(async () => answer({ data: null }));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.pendingInput).toBeUndefined();
  });

  it('confirm (for Popconfirm / Modal.confirm): resolves with the data on success, rejects after the toast on failure', async () => {
    let code = 1000;
    fakeServer(() => ({ data: { code, msg: code === 1000 ? 'ok' : '余额不足', data: { id: 9 } } }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useAction({ call: save, success: '已保存', invalidates: [['orders']] }), {
      wrapper,
    });
    await act(async () => {
      await expect(result.current.confirm({ name: 'a' })).resolves.toEqual({ id: 9 });
    });
    expect(ui.message.success).toHaveBeenCalledWith('已保存');
    expect(invalidate).toHaveBeenCalledTimes(1);
    code = 1102;
    await act(async () => {
      // antd keeps the popup open only when the promise rejects
      await expect(result.current.confirm({ name: 'b' })).rejects.toMatchObject({ code: 1102 });
    });
    expect(ui.message.error).toHaveBeenCalledWith('余额不足', expect.any(Number));
    expect(ui.message.success).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('a promise from onSuccess is awaited: still pending, act unanswered, until the follow-up is done', async () => {
    fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: { id: 1 } } }));
    let finish: () => void = () => undefined;
    const followUp = new Promise<void>((resolve) => (finish = resolve));
    const done = vi.fn(() => followUp);
    const { result } = renderHook(() => useAction({ call: save, onSuccess: done }), { wrapper });
    let outcome: unknown;
    act(() => void result.current.act({ name: 'a' }).then((o) => (outcome = o)));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(result.current.isPending).toBe(true);
    expect(outcome).toBeUndefined();
    await act(async () => finish());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(outcome).toEqual({ ok: true, data: { id: 1 } });
  });
});
