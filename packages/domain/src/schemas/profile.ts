import { z } from 'zod';

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  image: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.object({
  full_name: z.string().trim().min(1).max(120),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
