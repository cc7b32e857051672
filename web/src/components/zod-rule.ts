import type { FormRule } from 'antd';
import type { z } from '@kapu/contract';

/** An antd form rule that runs one field of a contract schema, so web and server agree on messages. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
