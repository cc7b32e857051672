import type { SecretBox } from './secret-box.js';
import type { SettingsStore } from './settings.js';

/**
 * Every instance must hold the keys the data was sealed with (card secrets, stored
 * credentials). The first start records a fingerprint of each key; an instance started with
 * other keys (a new DATA_DIR, a missing keys/ copy) refuses to start instead of answering
 * errors on every sealed value later.
 */
export async function checkKeys(settings: SettingsStore, boxes: Record<string, SecretBox>): Promise<void> {
  for (const [name, box] of Object.entries(boxes)) {
    const key = `core.key_check.${name}`;
    const fingerprint = box.fingerprint('kapu key check');
    const stored = settings.get(key);
    if (!stored) await settings.set(key, fingerprint);
    else if (stored !== fingerprint) {
      throw new Error(
        `密钥与数据库不匹配（${name}）：请把首个实例 DATA_DIR/keys/ 下的密钥文件复制到本实例，或让所有实例使用相同的 KAPU_MASTER_KEY（见 docs/operations.md 密钥一节）。` +
          ` (The ${name} key differs from the one this database was sealed with: copy DATA_DIR/keys from the first instance.)`,
      );
    }
  }
}
