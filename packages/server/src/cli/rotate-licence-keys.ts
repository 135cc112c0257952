import { recordAudit } from '../areas/audit/service.js';
import { licenceSigningKeys, rotateLicenceKeys } from '../areas/licences/keys.js';
import { loadConfig } from '../platform/config.js';
import { CommandError, runCommand, startedAsScript } from './command.js';

const USAGE = `usage: slugsmith-server rotate-licence-keys
  the issuing service: a new key signs new licences from now on; an older key stays published while
  a licence it signed is in force (DATA_DIR or DATABASE_URL as the server has them)`;

export async function main(args: string[]): Promise<void> {
  await runCommand(USAGE, args, { positional: 0 }, async (_positionals, open) => {
    // An install's licence comes from its issuer; keys of its own would sign nothing it trusts.
    if (loadConfig().install) {
      throw new CommandError(
        'LICENSE is set: this is an on-premise install, which issues no licences. Rotate the keys on the issuing service.',
      );
    }
    const database = await open({
      existing: true,
      whileServing:
        'rotate the keys in the running server’s admin console (Licences page) instead, or stop it first.',
    });
    try {
      const before = (await licenceSigningKeys(database.db)).map((k) => k.kid ?? '');
      const { keys, retired } = await rotateLicenceKeys(database.db);
      const kids = keys.map((k) => k.kid ?? '');
      await recordAudit(database.db, {
        actor: { id: null, email: 'rotate-licence-keys (command)' },
        action: 'licence_key.rotate',
        objectType: 'licence_key',
        objectId: kids[0] ?? '',
        before: { keys: before },
        after: { keys: kids, retired },
      });
      console.log(`new signing key: ${kids[0]}`);
      console.log(`still published (their licences are in force): ${kids.slice(1).join(', ') || 'none'}`);
      console.log(`retired (no licence of theirs in force): ${retired.join(', ') || 'none'}`);
      console.log(
        'Installs trust the new key once their release ships it (npm run licence-keys at release) or LICENSE_KEYS names it; the issuer signs every licence from now on with it.',
      );
    } finally {
      await database.close();
    }
  });
}

if (startedAsScript(import.meta.url)) await main(process.argv.slice(2));
