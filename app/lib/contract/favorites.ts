import { z } from 'zod';

export const favoritesCountResponseSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });
export const favoritesListResponseSchema = z.object({ data: z.object({ vins: z.array(z.string()) }) });
