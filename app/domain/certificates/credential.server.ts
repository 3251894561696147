import { href } from "react-router";
import { getEnv } from "~/platform/lib/env.server";
import {
  STATUS_LIST_SIZE,
  addDataIntegrityProof,
  currentSigningKey,
  didKeyOf,
  encodeStatusList,
} from "~/platform/lib/signing.server";
import { ISSUER_NAME } from "./constants";
import type { CertificatePayload } from "./issue.server";
import {
  type CertificateRecord,
  highestCertificateId,
  revokedCertificateIds,
} from "./records.server";

// Open Badges 3.0 (W3C VC 2.0 data model): a certificate as an OpenBadgeCredential, signed with
// eddsa-jcs-2022, whose revocation is published in a Bitstring Status List that Kestrel serves.

const VC_CONTEXT = "https://www.w3.org/ns/credentials/v2";
const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

/** The status list holding a certificate's bit, and the bit's index within it. */
export function statusPosition(certificateId: number): { list: number; index: number } {
  return {
    list: Math.floor(certificateId / STATUS_LIST_SIZE) + 1,
    index: certificateId % STATUS_LIST_SIZE,
  };
}

export function statusListUrl(list: number): string {
  return `${getEnv().APP_URL}/credentials/status/${list}`;
}

function issuerProfile() {
  const { did } = didKeyOf(currentSigningKey().publicKey);
  return { id: did, type: ["Profile"], name: ISSUER_NAME, url: getEnv().APP_URL };
}

function sign<T extends Record<string, unknown>>(document: T, now: Date) {
  const key = currentSigningKey();
  return addDataIntegrityProof(document, {
    created: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    verificationMethod: didKeyOf(key.publicKey).verificationMethod,
    privateKey: key.privateKey,
  });
}

/** The page of what a certificate was earned for. */
function achievementPath({ kind, id }: CertificatePayload["achievement"]) {
  if (kind === "module") return href("/training/module/:moduleId", { moduleId: id });
  if (kind === "track") return href("/training/track/:trackId", { trackId: id });
  // Each course has its own route (courses/esg-ai-ethics, courses/aml-fraud), no pattern to fill.
  return `/courses/${id}`;
}
const CRITERIA = {
  module:
    "Pass every question set of the module at or above its pass mark, graded by Kestrel's server.",
  track: "Pass every module of the track at or above its pass mark, graded by Kestrel's server.",
  course:
    "Visit every learning tab of the course and solve every exercise step, graded by Kestrel's server.",
} as const;

/** The holder's certificate as a signed OpenBadgeCredential. */
export function openBadgeCredential(record: CertificateRecord, now = new Date()) {
  const { payload } = record;
  const appUrl = getEnv().APP_URL;
  const { list, index } = statusPosition(record.id);
  const achievementUrl = `${appUrl}${achievementPath(payload.achievement)}`;
  return sign(
    {
      "@context": [VC_CONTEXT, OB_CONTEXT],
      id: payload.id,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      name: payload.title,
      description: payload.description,
      issuer: issuerProfile(),
      validFrom: payload.issuedAt,
      validUntil: payload.expiresAt,
      credentialSubject: {
        type: ["AchievementSubject"],
        identifier: [
          {
            type: "IdentityObject",
            identityType: "name",
            hashed: false,
            identityHash: payload.holder.name,
          },
        ],
        achievement: {
          id: achievementUrl,
          type: ["Achievement"],
          achievementType: "Certificate",
          name: payload.achievement.title,
          description: payload.description,
          criteria: {
            narrative: CRITERIA[payload.achievement.kind],
          },
        },
        result: [{ type: ["Result"], value: `${payload.achievement.score}%` }],
      },
      evidence: [
        {
          id: `${appUrl}/verify/${record.code}`,
          type: ["Evidence"],
          name: `Verification ${record.code}`,
        },
      ],
      credentialStatus: {
        id: `${statusListUrl(list)}#${index}`,
        type: "BitstringStatusListEntry",
        statusPurpose: "revocation",
        statusListIndex: String(index),
        statusListCredential: statusListUrl(list),
      },
    },
    now,
  );
}

type StatusListCredential = ReturnType<typeof signStatusList>;

/**
 * Each list as last signed, with what it was signed from: a request for an unchanged list reuses
 * it, so asking for it over and over costs a query, not a compression and a signature each time.
 */
const signedLists = new Map<number, { from: string; credential: StatusListCredential }>();

/**
 * The signed BitstringStatusListCredential with the revoked certificates of one list set, or null
 * for a list past the last certificate issued (no credential points at it).
 */
export async function statusListCredential(
  list: number,
  now = new Date(),
): Promise<StatusListCredential | null> {
  if (list > statusPosition(await highestCertificateId()).list) return null;
  const revoked = (await revokedCertificateIds())
    .map(statusPosition)
    .filter((position) => position.list === list)
    .map((position) => position.index)
    .sort((a, b) => a - b);
  const from = `${currentSigningKey().keyId} ${revoked.join(",")}`;
  const signed = signedLists.get(list);
  if (signed?.from === from) return signed.credential;
  const credential = signStatusList(list, revoked, now);
  signedLists.set(list, { from, credential });
  return credential;
}

function signStatusList(list: number, revoked: number[], now: Date) {
  const url = statusListUrl(list);
  return sign(
    {
      "@context": [VC_CONTEXT],
      id: url,
      type: ["VerifiableCredential", "BitstringStatusListCredential"],
      issuer: issuerProfile().id,
      validFrom: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
      credentialSubject: {
        id: `${url}#list`,
        type: "BitstringStatusList",
        statusPurpose: "revocation",
        encodedList: encodeStatusList(revoked),
      },
    },
    now,
  );
}
