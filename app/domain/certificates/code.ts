// SPEC §9: a verification code is VERIFY- followed by 3 capital letters and 6 digits.
export const VERIFICATION_CODE = /^VERIFY-[A-Z]{3}[0-9]{6}$/;

/** A typed or pasted code in its one form (spaces dropped, upper case), or null if malformed. */
export function normaliseVerificationCode(input: string): string | null {
  if (input.length > 64) return null;
  const code = input.replace(/\s+/g, "").toUpperCase();
  return VERIFICATION_CODE.test(code) ? code : null;
}
