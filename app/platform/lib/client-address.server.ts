import { isIPv4, isIPv6 } from "node:net";

/**
 * The part of a client address that names one client, in one spelling. An ISP hands each
 * IPv6 customer a whole /64 (RFC 6177), so one person can rotate through 2^64 addresses: IPv6
 * counts as its /64 prefix. IPv4 stays whole, including IPv4 written as IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`, as a dual-stack server reports it). Anything else is kept as given, so an
 * odd value still gets a limit of its own.
 */
export function clientAddressGroup(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare.replace(/%.*$/, ""));
  if (!groups) return bare;
  const [a, b, c, d, e, f, g, h] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join(".");
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(":")}::/64`;
}

type Groups = [number, number, number, number, number, number, number, number];

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): Groups | null {
  if (!isIPv6(text)) return null;
  // A trailing dotted IPv4 (`::ffff:192.0.2.1`) stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  let hex = text;
  if (dotted) {
    const [o1, o2, o3, o4] = dotted.slice(1).map(Number) as [number, number, number, number];
    hex = `${text.slice(0, dotted.index)}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
  }
  const [head = "", tail] = hex.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back] as Groups;
}
