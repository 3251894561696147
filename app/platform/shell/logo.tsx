/** The Kestrel mark: a stylised falcon wing. Decorative; the name beside it carries the meaning. */
export function LogoMark({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M6 21c6-1 10-5 13-11l7-2-4 6c-2 6-7 9-16 7z" fill="#fff" />
      <circle cx="21.5" cy="11" r="1.2" className="fill-brand-600" />
    </svg>
  );
}
