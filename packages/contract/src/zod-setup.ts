import { z } from 'zod';

// Every default zod message in Chinese; fields add their own wording where it helps.
z.config(z.locales.zhCN());

export { z };
