import { describe, expect, it } from "vitest";
import { clientAddressGroup } from "./client-address.server";

describe("clientAddressGroup", () => {
  it("keeps an IPv4 address whole", () => {
    expect(clientAddressGroup("198.51.100.7")).toBe("198.51.100.7");
    expect(clientAddressGroup(" 198.51.100.7 ")).toBe("198.51.100.7");
  });

  it("reads IPv4-mapped IPv6 as the IPv4 address, in either spelling", () => {
    expect(clientAddressGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientAddressGroup("::FFFF:c633:6407")).toBe("198.51.100.7");
    expect(clientAddressGroup("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("groups IPv6 by its /64, whatever the spelling", () => {
    const group = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      "[2001:db8:1:2::9]",
      "2001:db8:1:2::9%eth0",
    ]) {
      expect(clientAddressGroup(address)).toBe(group);
    }
    expect(clientAddressGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientAddressGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressGroup("fe80::1%en0")).toBe("fe80:0:0:0::/64");
  });

  it("does not take an IPv4-compatible or NAT64 address for IPv4", () => {
    expect(clientAddressGroup("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
    expect(clientAddressGroup("1:2:3:4:5:6:198.51.100.7")).toBe("1:2:3:4::/64");
  });

  it("keeps anything else as given", () => {
    expect(clientAddressGroup("unknown")).toBe("unknown");
    expect(clientAddressGroup("")).toBe("");
  });
});
