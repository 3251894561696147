// Building an Intl formatter costs a fraction of a millisecond, more than the rest of a small
// page's render; each one (language and options) is built once and reused.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function reused<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return reused(dateFormats, `${language} ${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(language, options);
  });
}

export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return reused(numberFormats, `${language} ${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(language, options);
  });
}

export function listFormat(language: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return reused(listFormats, `${language} ${JSON.stringify(options)}`, () => {
    return new Intl.ListFormat(language, options);
  });
}

/** The time zone this runtime is set to (the browser's, in a browser). */
export function localTimeZone(): string {
  return dateTimeFormat("en-US", {}).resolvedOptions().timeZone;
}
