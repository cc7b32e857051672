import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PromotionLink, PromotionPoster } from '@kapu/contract';
import type { FastifyRequest } from 'fastify';
import type * as QRCodeModule from 'qrcode';
import type * as CanvasModule from '@napi-rs/canvas';
import type { ActorContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { lazyModule } from '../../core/lazy-module.js';
import type { Deps } from '../../deps.js';
import { inviteCodeOf, memberSiteOf } from '../accounts/index.js';
import { sitePathPrefix, sitesService } from '../sites/index.js';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');
// The canvas (Skia, prebuilt binaries from npm) loads on the first poster, not at start-up.
const canvasModule = lazyModule<typeof CanvasModule>('@napi-rs/canvas');

/** CJK fonts looked for, in order; the first found draws the poster's text. */
const CJK_FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/System/Library/Fonts/PingFang.ttc',
  'C:\\Windows\\Fonts\\msyh.ttc',
];
const FAMILY = 'KapuPoster';
let fontFamily: string | undefined;
function posterFont(canvas: typeof CanvasModule): string {
  if (fontFamily !== undefined) return fontFamily;
  const file = [process.env.KAPU_POSTER_FONT, ...CJK_FONTS].find((f): f is string => !!f && existsSync(f));
  fontFamily = file && canvas.GlobalFonts.registerFromPath(file, FAMILY) ? FAMILY : 'sans-serif';
  return fontFamily;
}

const WIDTH = 750;
const HEIGHT = 1200;

/**
 * The invite link, its QR code, and the poster: the site's name and logo, the member's invite code
 * and the QR of the link on a PNG drawn on the server. The link points at the registration page of
 * the site the member is on (its path prefix kept), on the host they asked from.
 */
export function promotionPosters(deps: Deps) {
  const { db, config } = deps;
  const sites = sitesService(db);

  async function linkOf(ctx: ActorContext, req: FastifyRequest) {
    const code = await inviteCodeOf(db, ctx.actor.id);
    const prefix = await sitePathPrefix(db, ctx.site.id);
    const link = `${req.protocol}://${req.host}${prefix}/register?inv=${encodeURIComponent(code)}`;
    return { code, link };
  }

  /** A local upload of the site's logo (remote logos are not fetched by the server). */
  async function logoBytes(logo: string): Promise<Buffer | undefined> {
    if (!logo.startsWith('/uploads/')) return undefined;
    const root = path.resolve(config.uploadsDir);
    const file = path.resolve(root, logo.slice('/uploads/'.length));
    if (!file.startsWith(root + path.sep)) return undefined;
    return readFile(file).catch(() => undefined);
  }

  return {
    async link(ctx: ActorContext, req: FastifyRequest): Promise<PromotionLink> {
      const { code, link } = await linkOf(ctx, req);
      const qrCode = await qrcode().toDataURL(link, { width: 280, margin: 1, errorCorrectionLevel: 'M' });
      return { inviteCode: code, link, qrCode };
    },

    async poster(ctx: ActorContext, req: FastifyRequest): Promise<PromotionPoster> {
      const { code, link } = await linkOf(ctx, req);
      const info = await sites.info(ctx.site);
      const me = await memberSiteOf(db, ctx.actor.id);
      try {
        const canvas = canvasModule();
        const font = posterFont(canvas);
        const c = canvas.createCanvas(WIDTH, HEIGHT);
        const g = c.getContext('2d');
        const bg = g.createLinearGradient(0, 0, 0, HEIGHT);
        bg.addColorStop(0, '#1677ff');
        bg.addColorStop(1, '#0b3d91');
        g.fillStyle = bg;
        g.fillRect(0, 0, WIDTH, HEIGHT);

        // The site's logo (an upload) or its first character in a circle, then its name.
        const logo = await logoBytes(info.logo);
        const image = logo ? await canvas.loadImage(logo).catch(() => undefined) : undefined;
        g.save();
        g.beginPath();
        g.arc(WIDTH / 2, 150, 64, 0, Math.PI * 2);
        g.closePath();
        g.fillStyle = '#ffffff';
        g.fill();
        g.clip();
        if (image) g.drawImage(image, WIDTH / 2 - 64, 86, 128, 128);
        else {
          g.fillStyle = '#1677ff';
          g.font = `bold 64px ${font}`;
          g.textAlign = 'center';
          g.textBaseline = 'middle';
          g.fillText([...(info.title || '卡')][0]!, WIDTH / 2, 152);
        }
        g.restore();

        g.textAlign = 'center';
        g.textBaseline = 'alphabetic';
        g.fillStyle = '#ffffff';
        g.font = `bold 48px ${font}`;
        g.fillText(fit(g, info.title || '卡铺', WIDTH - 80), WIDTH / 2, 290);
        g.font = `28px ${font}`;
        g.fillStyle = 'rgba(255,255,255,0.85)';
        g.fillText(fit(g, info.subtitle || '数字商品 · 卡密 · 充值', WIDTH - 80), WIDTH / 2, 340);

        // The card with the QR code and the invite code.
        g.fillStyle = '#ffffff';
        roundRect(g, 75, 400, WIDTH - 150, 680, 24);
        g.fill();
        g.fillStyle = '#1f1f1f';
        g.font = `bold 34px ${font}`;
        const who = me?.nickname ? `${me.nickname} 邀请你加入` : '好友邀请你加入';
        g.fillText(fit(g, who, WIDTH - 200), WIDTH / 2, 470);
        const qr = await qrcode().toBuffer(link, { width: 400, margin: 1, errorCorrectionLevel: 'M' });
        g.drawImage(await canvas.loadImage(qr), (WIDTH - 400) / 2, 500, 400, 400);
        g.font = `30px ${font}`;
        g.fillStyle = '#595959';
        g.fillText('扫码注册，或填写邀请码', WIDTH / 2, 960);
        g.font = `bold 44px ${font}`;
        g.fillStyle = '#1677ff';
        g.fillText(code, WIDTH / 2, 1030);

        g.font = `24px ${font}`;
        g.fillStyle = 'rgba(255,255,255,0.8)';
        g.fillText('长按保存图片，分享给好友', WIDTH / 2, 1140);

        const png = c.toBuffer('image/png');
        return {
          fileName: `推广海报-${code}.png`,
          dataUrl: `data:image/png;base64,${png.toString('base64')}`,
          width: WIDTH,
          height: HEIGHT,
        };
      } catch (err) {
        deps.log.error({ err }, 'promotion poster failed');
        throw businessError('PROMOTION_POSTER_FAILED');
      }
    },
  };
}
export type PromotionPosters = ReturnType<typeof promotionPosters>;

type Ctx2d = ReturnType<ReturnType<typeof CanvasModule.createCanvas>['getContext']>;

/** The text cut with … to fit the width. */
function fit(g: Ctx2d, text: string, width: number): string {
  if (g.measureText(text).width <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && g.measureText(`${chars.join('')}…`).width > width) chars.pop();
  return `${chars.join('')}…`;
}

function roundRect(g: Ctx2d, x: number, y: number, w: number, h: number, r: number): void {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}
