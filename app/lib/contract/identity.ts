import { z } from 'zod';

export const signInRequestSchema = z.object({ email: z.string().trim().toLowerCase().min(1), password: z.string().min(1) });

export const shopperProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type ShopperProfile = z.infer<typeof shopperProfileSchema>;

export const tokensResponseSchema = z.object({
  data: z.object({
    identityToken: z.string(),
    refreshToken: z.string(),
    expiresAt: z.number().int(),
    shopper: shopperProfileSchema,
  }),
});
export type TokensResponse = z.infer<typeof tokensResponseSchema>['data'];

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(20) });

export const meResponseSchema = z.object({ data: shopperProfileSchema });
