import { describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fakes';
import { doWeixinBindFlags, setSalePwd, setSalePwdStatus } from './account';

const ok = { data: { code: 1000, msg: '', data: null } };
const form = (data: unknown) => new URLSearchParams(String(data));

describe('account calls', () => {
  it('setSalePwd sends the operations as repeated ops keys', async () => {
    const seen = fakeServer(() => ok);
    await setSalePwd({ ops: ['balancePay', 'transfer', 'withdraw'], salePwd: '123456' });
    const body = form(seen[0].data);
    expect(seen[0].url).toBe('/inside/inter/setSalePwd');
    expect(body.getAll('ops')).toEqual(['balancePay', 'transfer', 'withdraw']);
    expect(body.get('salePwd')).toBe('123456');
    expect(body.toString()).toBe('ops=balancePay&ops=transfer&ops=withdraw&salePwd=123456');
  });

  it('setSalePwd with no operations sends no ops key (the server reads that as none)', async () => {
    const seen = fakeServer(() => ok);
    await setSalePwd({ ops: [], salePwd: '123456' });
    expect(form(seen[0].data).has('ops')).toBe(false);
  });

  it('switches are sent as 1/0, and only the flags given', async () => {
    const seen = fakeServer(() => ok);
    await setSalePwdStatus({ enabled: false, salePwd: '654321' });
    await doWeixinBindFlags({ notifyOrder: true });
    expect(form(seen[0].data).get('enabled')).toBe('0');
    expect(form(seen[1].data).toString()).toBe('notifyOrder=1');
  });
});
