/** SPEC §9: a certificate is valid for one year from its issue date. */
export const VALIDITY_YEARS = 1;
/**
 * A certificate can be renewed by passing its training again in the last 90 days before it
 * expires, or any time after. It is also the longest recertification window a requirement may
 * have, so a retake that renews the certificate always renews the requirement too.
 */
export const RENEWAL_OPENS_DAYS = 90;
export const ISSUER_NAME = "Kestrel Compliance Academy";
/** The longest name printed on a certificate. */
export const HOLDER_NAME_MAX = 100;
/** A revocation reason, as typed by an admin. */
export const REVOCATION_REASON_MAX = 500;

export type CertificateStatus = "valid" | "expired" | "revoked";

/** The text of what a certificate was earned for, by the achievement's kind. */
export const ACHIEVEMENT_KEYS = {
  module: "certificates.achievementModule",
  track: "certificates.achievementTrack",
  course: "certificates.achievementCourse",
} as const;
