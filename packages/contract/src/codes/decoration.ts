/** Site decoration (装修), 6800–6849. */
export const decorationCodes = {
  DECOR_NO_SITE: { code: 6801, msg: '您还没有开通分站，开通后才能装修店铺' },
  DECOR_NOT_OWNER: { code: 6802, msg: '无权装修此站点' },
  DECOR_NOT_IN_VERSION: { code: 6803, msg: '当前分站版本不支持店铺装修，请升级分站版本' },
  DECOR_SITE_UNAVAILABLE: { code: 6804, msg: '分站已暂停或已到期，暂时不能装修' },
  DECOR_VERSION_NOT_FOUND: { code: 6805, msg: '该装修版本不存在或已被清理' },
  DECOR_IMAGE_INVALID: { code: 6806, msg: '图片无效，请重新上传后再保存' },
} as const satisfies Record<string, { code: number; msg: string }>;
