// Load-time errors of a suite's checks, on an entry of its own (`@skill-eval/grading/diagnostics`): loading an eval
// file needs the check catalogue's rules, not the code that grades each check type.
export { checkDiagnostics } from './compat/check-diagnostics.js';
