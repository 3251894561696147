// SPEC §8: the message shown for each kind of failure, by HTTP status.
export type ErrorCode =
  | "generic"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "server_error"
  | "validation"
  | "timeout"
  | "rate_limited";

export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return "validation";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 408 || status === 504) return "timeout";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "generic";
}
