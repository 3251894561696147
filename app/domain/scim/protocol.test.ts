import { describe, expect, it } from "vitest";
import {
  ENTERPRISE_SCHEMA,
  GROUP_SCHEMA,
  type JsonObject,
  ScimError,
  USER_SCHEMA,
  applyPatch,
  parseFilter,
  parsePath,
  readPatch,
} from "./protocol";

// The filters and PATCH operations of RFC 7644 §3.4.2.2 and §3.5.2, with the RFC's own examples
// and the forms Entra ID and Okta send.

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ScimError ? [error.status, error.scimType] : error;
  }
  return null;
};

describe("filters", () => {
  it("reads eq comparisons joined by and", () => {
    expect(parseFilter('userName eq "bjensen"')).toEqual([
      { attribute: "userName", value: "bjensen" },
    ]);
    expect(parseFilter('userName Eq "a\\"b" AND active eq true')).toEqual([
      { attribute: "userName", value: 'a"b' },
      { attribute: "active", value: true },
    ]);
  });

  it("refuses every other operator and form as invalidFilter", () => {
    for (const text of [
      'userName co "jensen"',
      "title pr",
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'emails[type eq "work"]',
      'userName eq "a" and',
      "userName eq bjensen",
      "x".repeat(1001),
    ]) {
      expect(
        refusal(() => parseFilter(text)),
        text,
      ).toEqual([400, "invalidFilter"]);
    }
  });
});

describe("paths", () => {
  it("reads attributes, sub-attributes, value filters and schema URNs", () => {
    expect(parsePath('members[value eq "2819c223"]', GROUP_SCHEMA, [])).toEqual({
      schema: null,
      attribute: "members",
      filter: [{ attribute: "value", value: "2819c223" }],
      subAttribute: null,
    });
    expect(parsePath(`${ENTERPRISE_SCHEMA}:manager`, USER_SCHEMA, [ENTERPRISE_SCHEMA])).toEqual({
      schema: ENTERPRISE_SCHEMA,
      attribute: "manager",
      filter: null,
      subAttribute: null,
    });
    expect(parsePath(`${USER_SCHEMA}:name.givenName`, USER_SCHEMA, []).subAttribute).toBe(
      "givenName",
    );
    expect(refusal(() => parsePath("a..b", USER_SCHEMA, []))).toEqual([400, "invalidPath"]);
  });
});

const GROUP: JsonObject = {
  schemas: [GROUP_SCHEMA],
  id: "1",
  displayName: "Tour Guides",
  members: [
    { value: "2819c223", display: "Babs Jensen" },
    { value: "902c246b", display: "Mandy Pepperidge" },
  ],
};
const options = {
  coreSchema: GROUP_SCHEMA,
  extensions: [],
  filterable: new Map([["value", true]]),
};
const patch = (resource: JsonObject, Operations: unknown[]) =>
  applyPatch(
    resource,
    readPatch({ schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations }),
    options,
  );

describe("PATCH", () => {
  it("adds, removes and replaces members as RFC 7644 §3.5.2's examples do", () => {
    const added = patch(GROUP, [{ op: "add", path: "members", value: [{ value: "08e1d05d" }] }]);
    expect((added.members as JsonObject[]).map((m) => m.value)).toEqual([
      "2819c223",
      "902c246b",
      "08e1d05d",
    ]);
    const removed = patch(GROUP, [{ op: "remove", path: 'members[value eq "2819c223"]' }]);
    expect((removed.members as JsonObject[]).map((m) => m.value)).toEqual(["902c246b"]);
    const none = patch(GROUP, [{ op: "remove", path: "members" }]);
    expect(none).not.toHaveProperty("members");
    const replaced = patch(GROUP, [
      { op: "replace", path: "members", value: [{ value: "08e1d05d" }] },
    ]);
    expect(replaced.members).toEqual([{ value: "08e1d05d" }]);
    // The original is untouched.
    expect((GROUP.members as JsonObject[]).length).toBe(2);
  });

  it("takes Entra's and Okta's forms", () => {
    const entra = patch(GROUP, [
      { op: "Remove", path: "members", value: [{ value: "902c246b" }] },
      { op: "Replace", value: { displayName: "Guides" } },
    ]);
    expect(entra).toMatchObject({ displayName: "Guides", members: [{ value: "2819c223" }] });
    const user = applyPatch(
      {
        schemas: [USER_SCHEMA],
        id: "u",
        userName: "a@b.example",
        active: true,
        name: { formatted: "A" },
      },
      readPatch({
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [
          { op: "Replace", path: "active", value: "False" },
          { op: "Add", value: { "name.givenName": "Ana", [ENTERPRISE_SCHEMA]: { manager: "m" } } },
        ],
      }),
      { coreSchema: USER_SCHEMA, extensions: [ENTERPRISE_SCHEMA], filterable: new Map() },
    );
    expect(user).toMatchObject({
      active: "False",
      name: { formatted: "A", givenName: "Ana" },
      [ENTERPRISE_SCHEMA]: { manager: "m" },
    });
  });

  it("refuses what is not a PatchOp, or targets nothing", () => {
    expect(refusal(() => readPatch({ Operations: [] }))).toEqual([400, "invalidSyntax"]);
    expect(refusal(() => patch(GROUP, [{ op: "copy", path: "x", value: 1 }]))).toEqual([
      400,
      "invalidSyntax",
    ]);
    expect(refusal(() => patch(GROUP, [{ op: "remove" }]))).toEqual([400, "noTarget"]);
    expect(refusal(() => patch(GROUP, [{ op: "add", path: "displayName" }]))).toEqual([
      400,
      "invalidValue",
    ]);
    expect(
      refusal(() =>
        patch(GROUP, [{ op: "replace", path: 'members[value eq "nobody"].display', value: "x" }]),
      ),
    ).toEqual([400, "noTarget"]);
    expect(refusal(() => patch(GROUP, [{ op: "replace", value: [1] }]))).toEqual([
      400,
      "invalidValue",
    ]);
    expect(
      refusal(() =>
        patch(
          GROUP,
          Array.from({ length: 1001 }, () => ({ op: "remove", path: "x" })),
        ),
      ),
    ).toEqual([400, "tooMany"]);
  });
});
