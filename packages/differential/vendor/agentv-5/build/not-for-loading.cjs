// Stands in for a package that AgentV's loader reaches only through modules that run evals (providers, the
// orchestrator): loading an eval file never calls it.
module.exports = {};
