import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_AVATAR } from '@kapu/contract';
import { DEFAULT_ERROR_IMAGE, Img } from './img';

describe('Img (spec §8 default images)', () => {
  it('swaps a broken picture for the inline error image', () => {
    render(<Img src="/uploads/missing.png" alt="商品图" />);
    const img = screen.getByAltText('商品图');
    expect(img.getAttribute('src')).toBe('/uploads/missing.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_ERROR_IMAGE);
    expect(DEFAULT_ERROR_IMAGE.startsWith('data:image/')).toBe(true);
  });

  it('uses a given fallback, e.g. the default avatar path', () => {
    render(<Img src="" fallback={DEFAULT_AVATAR} alt="头像" />);
    expect(screen.getByAltText('头像').getAttribute('src')).toBe('/static/public/images/user.png');
  });
});
