import { z } from 'zod';
import { ROLE_VALUES } from '../roles.ts';
import { INVALID_CHARACTERS, isSingleLine } from './text.ts';

/**
 * Lead forms: one schema per form, used by the web form (react-hook-form) and by the
 * server, which validates everything again. Messages are translation keys under leads:validation.
 */
export const LEAD_VALIDATION = {
  required: 'required',
  invalidEmail: 'invalid_email',
  invalidUrl: 'invalid_url',
  invalidPhone: 'invalid_phone',
  tooLong: 'too_long',
  dateRequired: 'date_required',
  invalidRole: 'invalid_role',
  invalidCharacters: INVALID_CHARACTERS,
} as const;

// E-mail addresses: a simple {something}@{something}.{something} pattern.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,30}$/;

const requiredText = (max: number) =>
  z.string({ error: LEAD_VALIDATION.required }).trim().min(1, LEAD_VALIDATION.required).max(max, LEAD_VALIDATION.tooLong);

/** A person's or a company's name: one line (it goes into the team's mail subject). */
const nameText = (max: number) => requiredText(max).refine(isSingleLine, LEAD_VALIDATION.invalidCharacters);

const email = z
  .string({ error: LEAD_VALIDATION.required })
  .trim()
  .min(1, LEAD_VALIDATION.required)
  .max(254, LEAD_VALIDATION.tooLong)
  .regex(EMAIL_PATTERN, LEAD_VALIDATION.invalidEmail);

/** Optional text: empty means absent (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, LEAD_VALIDATION.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

// An http(s) address with a dotted host name; no spaces, no credentials.
const HTTP_URL_PATTERN = /^https?:\/\/(?![^/?#]*@)[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i;
const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value);

const optionalUrl = z
  .string()
  .trim()
  .max(500, LEAD_VALIDATION.tooLong)
  .refine((v) => v === '' || isHttpUrl(v), LEAD_VALIDATION.invalidUrl)
  .nullish()
  .transform((v) => (v ? v : null));

const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v), LEAD_VALIDATION.invalidPhone)
  .nullish()
  .transform((v) => (v ? v : null));

/** A field people never see; bots fill it. A filled honeypot is answered as a success and stored nowhere. */
export const HONEYPOT_FIELD = 'website';
const honeypot = z.string().max(500).optional();

export const earlyAccessRequestSchema = z.object({
  request_type: z.literal('early_access'),
  full_name: nameText(120),
  email,
  company_name: nameText(160),
  role: z.enum(ROLE_VALUES, { error: LEAD_VALIDATION.invalidRole }),
  [HONEYPOT_FIELD]: honeypot,
});

export const demoBookingSchema = z.object({
  request_type: z.literal('demo'),
  full_name: nameText(120),
  email,
  company_name: nameText(160),
  selected_date: z.iso.datetime({ offset: true, error: LEAD_VALIDATION.dateRequired }),
  notes: optionalText(2000),
  [HONEYPOT_FIELD]: honeypot,
});

export const demoRequestInputSchema = z.discriminatedUnion('request_type', [earlyAccessRequestSchema, demoBookingSchema]);
export type EarlyAccessRequestInput = z.input<typeof earlyAccessRequestSchema>;
export type EarlyAccessRequest = z.output<typeof earlyAccessRequestSchema>;
export type DemoBookingInput = z.input<typeof demoBookingSchema>;
export type DemoBooking = z.output<typeof demoBookingSchema>;
/** What the web app sends (before trimming); the server parses it into DemoRequest. */
export type DemoRequestBody = z.input<typeof demoRequestInputSchema>;
export type DemoRequestInput = z.infer<typeof demoRequestInputSchema>;

export const demoRequestCreatedSchema = z.object({
  id: z.uuid(),
  request_type: z.enum(['demo', 'early_access']),
  selected_date: z.string(),
  /** false when an identical request sent within a minute was returned instead of a new one. */
  created: z.boolean(),
});
export type DemoRequestCreated = z.infer<typeof demoRequestCreatedSchema>;

/** The text fields of a job application (the resume travels beside them in the multipart body). */
export const teamApplicationSchema = z.object({
  full_name: nameText(120),
  email,
  phone_number: optionalPhone,
  github_link: optionalUrl,
  linkedin_link: optionalUrl,
  introduction_text: optionalText(5000),
  [HONEYPOT_FIELD]: honeypot,
});
export type TeamApplicationInput = z.input<typeof teamApplicationSchema>;
export type TeamApplication = z.output<typeof teamApplicationSchema>;

export const teamApplicationCreatedSchema = z.object({ id: z.uuid(), created: z.boolean(), has_resume: z.boolean() });
export type TeamApplicationCreated = z.infer<typeof teamApplicationCreatedSchema>;

/** Resume rules. The server checks the content, the browser only the size and name. */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export const RESUME_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function resumeNameAllowed(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (RESUME_EXTENSIONS as readonly string[]).includes(ext);
}

export const demoSlotsQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export const demoSlotsSchema = z.object({
  timeZone: z.string(),
  slotMinutes: z.number(),
  slots: z.array(z.string()),
});
export type DemoSlots = z.infer<typeof demoSlotsSchema>;

export const LEAD_TYPES = ['demo', 'early_access', 'application'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const leadsQuerySchema = z.object({
  type: z.enum(LEAD_TYPES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type LeadsQuery = z.input<typeof leadsQuerySchema>;

export const leadSchema = z.object({
  id: z.string(),
  type: z.enum(LEAD_TYPES),
  full_name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  selected_date: z.string().nullable(),
  notes: z.string().nullable(),
  phone_number: z.string().nullable(),
  github_link: z.string().nullable(),
  linkedin_link: z.string().nullable(),
  introduction_text: z.string().nullable(),
  resume_original_name: z.string().nullable(),
  has_resume: z.boolean(),
  created_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadListSchema = z.object({ items: z.array(leadSchema), total: z.number() });
export type LeadList = z.infer<typeof leadListSchema>;
