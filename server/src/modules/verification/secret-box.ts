import path from 'node:path';
import { SecretBox, resolveKey } from '../../core/secret-box.js';

export { SecretBox };

const boxes = new Map<string, SecretBox>();
/**
 * The box for secrets we must read back (open-API secrets for the md5 signature, SMTP and SMS
 * credentials, gateway keys, ID numbers): the core secret box under its own key file
 * (DATA_DIR/keys/secret-box.key, or SECRETS_KEY / KAPU_MASTER_KEY: see resolveKey), so card
 * secrets and credentials never share a key.
 */
export function secretBoxFor(dataDir: string): SecretBox {
  let box = boxes.get(dataDir);
  if (!box)
    boxes.set(
      dataDir,
      (box = new SecretBox(resolveKey(path.join(dataDir, 'keys'), 'secret-box.key', process.env, true)!, 'secrets')),
    );
  return box;
}
