/** SCIM's self-description (RFC 7644 §4, RFC 7643 §5–7): what the hub supports, minimal but valid. */
import { MAX_RESULTS, SCHEMA } from './scim.service.ts';

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SCHEMA.config],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "A division's SCIM token, made in the hub's divisions console, sent as Authorization: Bearer <token>.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

const resourceTypes = (base: string) => [
  {
    schemas: [SCHEMA.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A member of the division: the account and its card',
    schema: SCHEMA.user,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [SCHEMA.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: "A template of the division: its members' cards inherit it",
    schema: SCHEMA.group,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

type Attribute = {
  name: string;
  type: string;
  multiValued: boolean;
  required: boolean;
  mutability: string;
  returned: string;
  uniqueness: string;
  caseExact: boolean;
  description: string;
  subAttributes?: Attribute[];
};
const attr = (name: string, description: string, o: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  caseExact: false,
  description,
  ...o,
});

const schemas = (base: string) => [
  {
    schemas: [SCHEMA.schema],
    id: SCHEMA.user,
    name: 'User',
    description: 'User account',
    attributes: [
      attr('userName', 'The email address the person signs in with; it cannot be changed through SCIM.', {
        required: true,
        uniqueness: 'server',
        mutability: 'immutable',
      }),
      attr('name', "The person's name", {
        type: 'complex',
        subAttributes: [attr('givenName', 'First name'), attr('familyName', 'Last name'), attr('formatted', 'Full name', { mutability: 'readOnly' })],
      }),
      attr('displayName', 'First and last name', { mutability: 'readOnly' }),
      attr('emails', 'The sign-in email (the userName)', {
        type: 'complex',
        multiValued: true,
        mutability: 'immutable',
        subAttributes: [attr('value', 'Email address'), attr('type', 'work'), attr('primary', 'Always true', { type: 'boolean' })],
      }),
      attr('active', 'false offboards the person in this division; true restores them', { type: 'boolean' }),
      attr('externalId', "The identity provider's id of the person", { caseExact: true }),
      attr('groups', "The template the person's card inherits", {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [attr('value', 'Group id', { mutability: 'readOnly' }), attr('display', 'Template name', { mutability: 'readOnly' })],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCHEMA.user}` },
  },
  {
    schemas: [SCHEMA.schema],
    id: SCHEMA.group,
    name: 'Group',
    description: 'A template of the division (created and named in the hub)',
    attributes: [
      attr('displayName', 'The template name', { required: true, mutability: 'readOnly' }),
      attr('members', 'People whose card inherits this template; adding someone moves their card here', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value', 'User id', { mutability: 'immutable' }), attr('display', 'Email', { mutability: 'readOnly' })],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${SCHEMA.group}` },
  },
];

const listOf = <T>(resources: T[]) => ({
  schemas: [SCHEMA.list],
  totalResults: resources.length,
  itemsPerPage: resources.length,
  startIndex: 1,
  Resources: resources,
});

export const resourceTypeList = (base: string) => listOf(resourceTypes(base));
export const resourceType = (base: string, id: string) => resourceTypes(base).find((r) => r.id === id);
export const schemaList = (base: string) => listOf(schemas(base));
export const schemaById = (base: string, id: string) => schemas(base).find((s) => s.id === id);
