import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, type JsonObject, USER_SCHEMA } from "./protocol";
import { MAX_PAGE } from "./resource";

// RFC 7644 §4's discovery endpoints: what this service provider supports (ServiceProviderConfig),
// its resource types, and the schemas of the attributes it keeps (RFC 7643 §7), no more.

const SCHEMA_URN = "urn:ietf:params:scim:schemas:core:2.0:Schema";

type Mutability = "readOnly" | "readWrite" | "immutable" | "writeOnly";

function attribute(
  name: string,
  description: string,
  options: {
    type?: "string" | "boolean" | "complex" | "reference" | "dateTime";
    multiValued?: boolean;
    required?: boolean;
    caseExact?: boolean;
    mutability?: Mutability;
    uniqueness?: "none" | "server" | "global";
    subAttributes?: JsonObject[];
    referenceTypes?: string[];
  } = {},
): JsonObject {
  const type = options.type ?? "string";
  return {
    name,
    type,
    ...(options.subAttributes && { subAttributes: options.subAttributes }),
    multiValued: options.multiValued ?? false,
    description,
    required: options.required ?? false,
    ...(type === "string" || type === "reference" ? { caseExact: options.caseExact ?? false } : {}),
    mutability: options.mutability ?? "readWrite",
    returned: "default",
    ...(type === "string" || type === "reference"
      ? { uniqueness: options.uniqueness ?? "none" }
      : {}),
    ...(options.referenceTypes && { referenceTypes: options.referenceTypes }),
  };
}

const reference = (name: string, description: string, types: string[], mutability: Mutability) =>
  attribute(name, description, {
    type: "reference",
    referenceTypes: types,
    mutability,
    caseExact: true,
  });

const USER_ATTRIBUTES = [
  attribute("userName", "The user's work email address; they sign in with it.", {
    required: true,
    uniqueness: "server",
  }),
  attribute("name", "The user's name.", {
    type: "complex",
    subAttributes: [
      attribute("formatted", "The full name, as displayed."),
      attribute("givenName", "Given name."),
      attribute("familyName", "Family name."),
    ],
  }),
  attribute("displayName", "The name shown in Kestrel and on certificates."),
  attribute("emails", "The user's email address (the userName).", {
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    subAttributes: [
      attribute("value", "The address.", { mutability: "readOnly" }),
      attribute("type", "Always work.", { mutability: "readOnly" }),
      attribute("primary", "Always true.", { type: "boolean", mutability: "readOnly" }),
    ],
  }),
  attribute("active", "False: no sign-in, no sessions, no reminders; records are kept.", {
    type: "boolean",
  }),
  attribute("groups", "The provisioned groups the user is in.", {
    type: "complex",
    multiValued: true,
    mutability: "readOnly",
    subAttributes: [
      attribute("value", "The group's id.", { mutability: "readOnly", caseExact: true }),
      reference("$ref", "The group's URI.", ["Group"], "readOnly"),
      attribute("display", "The group's name.", { mutability: "readOnly" }),
    ],
  }),
];

const ENTERPRISE_ATTRIBUTES = [
  attribute("manager", "The user's line manager, copied on escalations.", {
    type: "complex",
    subAttributes: [
      attribute("value", "The manager's id (a user of the same organisation).", {
        caseExact: true,
      }),
      reference("$ref", "The manager's URI.", ["User"], "readOnly"),
      attribute("displayName", "The manager's name.", { mutability: "readOnly" }),
    ],
  }),
];

const GROUP_ATTRIBUTES = [
  attribute("displayName", "The group's name (a team in Kestrel).", {
    required: true,
    uniqueness: "server",
  }),
  attribute("members", "The users in the group.", {
    type: "complex",
    multiValued: true,
    subAttributes: [
      attribute("value", "The user's id.", { mutability: "immutable", caseExact: true }),
      reference("$ref", "The user's URI.", ["User"], "immutable"),
      attribute("display", "The user's name.", { mutability: "readOnly" }),
      attribute("type", "Always User.", { mutability: "immutable" }),
    ],
  }),
];

export function schemas(baseUrl: string): JsonObject[] {
  const schema = (id: string, name: string, description: string, attributes: JsonObject[]) => ({
    schemas: [SCHEMA_URN],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: "Schema", location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(USER_SCHEMA, "User", "User Account", USER_ATTRIBUTES),
    schema(GROUP_SCHEMA, "Group", "Group", GROUP_ATTRIBUTES),
    schema(ENTERPRISE_SCHEMA, "EnterpriseUser", "Enterprise User", ENTERPRISE_ATTRIBUTES),
  ];
}

export function resourceTypes(baseUrl: string): JsonObject[] {
  const resourceType = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
  return [
    {
      schemas: [resourceType],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "User Account",
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [resourceType],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "Group",
      schema: GROUP_SCHEMA,
      meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

export function serviceProviderConfig(baseUrl: string, documentationUri: string): JsonObject {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "OAuth Bearer Token",
        description: "The organisation's SCIM token, issued in Kestrel's admin area.",
        primary: true,
      },
    ],
    meta: {
      resourceType: "ServiceProviderConfig",
      location: `${baseUrl}/ServiceProviderConfig`,
    },
  };
}
