import { describe, expect, it } from 'vitest';
import { goodsSaveInput } from '@kapu/contract';
import { countCardLines } from './card-text';
import { buildGoodsForm } from './goods-form';

describe('goods editor form', () => {
  it('builds a body the server schema accepts, with yuan text and JSON fields', () => {
    const body = buildGoodsForm(
      {
        name: '话费 100',
        type: 'recharge',
        status: 'on_sale',
        dirId: 3,
        price: '98.5',
        faceValue: '100',
        contactType: 'phone',
        levelPrices: { '2': '97.00', '3': '' },
        wholesale: [{ minQuantity: 10, price: '96' }],
        rechargeTemplate: [
          { key: 'account', label: '手机号', type: 'text', required: true },
          { key: 'isp', label: '运营商', type: 'select', required: false, optionsText: '移动\n联通\n\n电信' },
        ],
        visitorAllowed: true,
        hot: false,
      },
      7,
    );
    const parsed = goodsSaveInput.parse(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
    expect(parsed).toMatchObject({
      id: 7,
      price: 9850,
      faceValue: 10000,
      visitorAllowed: 1,
      hot: 0,
      contactType: 'phone',
    });
    expect(parsed.levelPrices).toEqual([{ levelId: 2, price: 9700 }]);
    expect(parsed.wholesale).toEqual([{ minQuantity: 10, price: 9600 }]);
    expect(parsed.rechargeTemplate?.[1]).toMatchObject({
      type: 'select',
      options: ['移动', '联通', '电信'],
      required: false,
    });
  });

  it('counts non-empty card lines for the 100,000-line limit', () => {
    expect(countCardLines('')).toBe(0);
    expect(countCardLines('A\r\n\r\nB----1\n  \nC 2\n')).toBe(3);
  });
});
