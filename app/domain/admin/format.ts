/** An ISO timestamp as `YYYY-MM-DD HH:MM UTC`, the same on the server and in the browser. */
export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const numbers = new Intl.NumberFormat("en");

export function formatAdminCount(count: number): string {
  return numbers.format(count);
}
