/** What a real-name provider does: start a certification for a member and tell its outcome. */
export type CertifyOutcome = 'passed' | 'failed' | 'pending';

export interface CertifyUser {
  id: number;
}

export interface CertifyStart {
  /** The provider's id of this certification (stored as `outer_id`). */
  certifyId: string;
  /** Where the member's browser goes next; empty when nothing is to open (manual review). */
  url: string;
}

export interface CertifyProvider {
  readonly name: string;
  start(user: CertifyUser, realName: string, idNumber: string): Promise<CertifyStart>;
  query(certifyId: string): Promise<CertifyOutcome>;
}

/** Raised when a provider cannot be reached or answers nonsense; the member sees CERTIFY_ALIPAY_FAILED. */
export class ProviderError extends Error {}
