import type { Migration } from "kysely";
import * as m0001 from "./0001-analytics-and-rate-limits";
import * as m0002 from "./0002-lead-capture";
import * as m0003 from "./0003-accounts";
import * as m0004 from "./0004-sliding-rate-limits";
import * as m0005 from "./0005-training";
import * as m0006 from "./0006-certificates";
import * as m0007 from "./0007-notifications";
import * as m0008 from "./0008-compliance";
import * as m0009 from "./0009-report-language";
import * as m0010 from "./0010-aml";
import * as m0011 from "./0011-evidence";
import * as m0012 from "./0012-courses";
import * as m0013 from "./0013-advisor";
import * as m0014 from "./0014-skills";
import * as m0015 from "./0015-assessment";
import * as m0016 from "./0016-aml-time-on-task";
import * as m0017 from "./0017-aml-review";
import * as m0018 from "./0018-evidence-files";
import * as m0019 from "./0019-evidence-learner-keys";
import * as m0020 from "./0020-aml-step-times";
import * as m0021 from "./0021-spec-lead-values";
import * as m0022 from "./0022-groups-and-assignments";
import * as m0023 from "./0023-single-sign-on";
import * as m0024 from "./0024-scim-provisioning";
import * as m0025 from "./0025-policy-attestation";
import * as m0026 from "./0026-policy-documents";
import * as m0027 from "./0027-named-reviewers";

// Listed by hand so the server bundle carries them (no directory scan at run time).
// Names sort in the order they run; never rename or edit one that has shipped.
export const migrations: Record<string, Migration> = {
  "0001-analytics-and-rate-limits": m0001,
  "0002-lead-capture": m0002,
  "0003-accounts": m0003,
  "0004-sliding-rate-limits": m0004,
  "0005-training": m0005,
  "0006-certificates": m0006,
  "0007-notifications": m0007,
  "0008-compliance": m0008,
  "0009-report-language": m0009,
  "0010-aml": m0010,
  "0011-evidence": m0011,
  "0012-courses": m0012,
  "0013-advisor": m0013,
  "0014-skills": m0014,
  "0015-assessment": m0015,
  "0016-aml-time-on-task": m0016,
  "0017-aml-review": m0017,
  "0018-evidence-files": m0018,
  "0019-evidence-learner-keys": m0019,
  "0020-aml-step-times": m0020,
  "0021-spec-lead-values": m0021,
  "0022-groups-and-assignments": m0022,
  "0023-single-sign-on": m0023,
  "0024-scim-provisioning": m0024,
  "0025-policy-attestation": m0025,
  "0026-policy-documents": m0026,
  "0027-named-reviewers": m0027,
};
