import { z } from "~/platform/lib/zod";
import { REPORT_FORMATS, REPORT_KINDS } from "./constants";

/** The generate form, and the retry button of a failed report. */
export const ReportFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("generate"),
    kind: z.enum(REPORT_KINDS),
    format: z.enum(REPORT_FORMATS),
  }),
  z.object({
    intent: z.literal("retry"),
    report: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  }),
]);
export type ReportForm = z.infer<typeof ReportFormSchema>;
