import { z } from 'zod';

export const outboxResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(['email', 'sms']),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
