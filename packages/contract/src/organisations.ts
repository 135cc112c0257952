import { Email, Name, OrgPathParam, Slug, Timestamp } from './common.js';
import { z } from './zod.js';

export const OrgRole = z.enum(['member', 'admin', 'owner']);
export type OrgRole = z.infer<typeof OrgRole>;

export const Organisation = z
  .object({
    slug: z.string(),
    name: z.string(),
    /** The role of the calling account in this organisation. */
    role: OrgRole,
    /** The organisation created with the account; it cannot be deleted. */
    personal: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof Organisation>;

export const OrganisationList = z.array(Organisation);

export const CreateOrganisation = z
  .object({ name: Name, slug: Slug.optional() })
  .strict()
  .meta({ id: 'CreateOrganisation' });
export type CreateOrganisation = z.infer<typeof CreateOrganisation>;

export const UpdateOrganisation = z
  .object({ name: Name.optional(), slug: Slug.optional() })
  .strict()
  .meta({ id: 'UpdateOrganisation' });
export type UpdateOrganisation = z.infer<typeof UpdateOrganisation>;

export const OrgParams = z.object({ org: OrgPathParam });
export const MemberParams = OrgParams.extend({
  member: z.string().min(1).max(64).describe("The member's account slug"),
});

export const Member = z
  .object({
    /** The member's account slug; `{member}` in member paths. */
    slug: z.string(),
    email: z.string(),
    role: OrgRole,
    joined_at: Timestamp,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const MemberList = z.array(Member);

/**
 * A member added by e-mail: the address is invited (it joins when it accepts, product spec §7.2);
 * the answer is the invitation, the same whether or not the address has an account.
 */
export const AddMember = z
  .object({
    email: Email,
    role: OrgRole,
    /** The language of the invitation e-mail (the inviter's interface language; default en-GB). */
    language: z.string().max(35).optional(),
  })
  .strict()
  .meta({ id: 'AddMember' });
export type AddMember = z.infer<typeof AddMember>;

export const UpdateMember = z.object({ role: OrgRole }).strict().meta({ id: 'UpdateMember' });
export type UpdateMember = z.infer<typeof UpdateMember>;

export const Page = z.object({
  offset: z.coerce.number().int().min(0).default(0).describe('How many items to skip'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .describe('How many items to answer (at most 200)'),
});
export type Page = z.infer<typeof Page>;
