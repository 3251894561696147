/** SPEC §9: a certificate is valid for one year from its issue date. */
export const VALIDITY_YEARS = 1;
export const ISSUER_NAME = "Kestrel Compliance Academy";
/** The longest name printed on a certificate. */
export const HOLDER_NAME_MAX = 100;
/** A revocation reason, as typed by an admin. */
export const REVOCATION_REASON_MAX = 500;

export type CertificateStatus = "valid" | "expired" | "revoked";
