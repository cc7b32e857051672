export { certifyService, CERTIFY_ALIPAY_SETTING, type CertifyService } from './certify.service.js';
export { registerCertifyRoutes } from './certify.routes.js';
export { AlipayFaceProvider, type AlipayFaceConfig } from './alipay-face.js';
export { ManualProvider } from './manual.js';
export type { CertifyOutcome, CertifyProvider, CertifyStart } from './provider.js';
export { reviewingCount } from './certify.figures.js';
export { certifiedRealName } from './certified-name.js';
