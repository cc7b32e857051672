import { afterEach } from 'vitest';
import { takePageErrors } from './browser.js';

// An expected business error is a toast, never an uncaught rejection: any uncaught page error
// during a test fails that test (every spec, through setupFiles).
afterEach(() => {
  const errors = takePageErrors();
  if (errors.length) throw new Error(`页面出现未捕获的错误 (uncaught page errors):\n${errors.join('\n')}`);
});
