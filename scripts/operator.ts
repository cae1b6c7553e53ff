import { runOperatorCommand } from './operator-command';

// npm run operator -- list | add <email> [--admin] | remove <email> | suspend <email> [reason] |
//                     reinstate <email> | reset-password <email>
// The platform team's command for its operators (issue 33; scripts/operator-command.ts does the work). Real
// mode with DATABASE_URL; otherwise the embedded data (stop `npm start` first).
process.exitCode = await runOperatorCommand(process.argv.slice(2));
