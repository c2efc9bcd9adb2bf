// Three suites, run in this order by `npm test` (scripts/test.mjs):
//   unit   - pure code and the sandbox, no n8n
//   engine - workflows run through n8n-core's WorkflowExecute in this process
//   e2e    - workflows run by a real n8n process with the packed package installed
// Type checking is done once by `tsc -p tsconfig.test.json`; jest only transpiles.
const transform = {
	'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }],
};

const project = (name, extra = {}) => ({
	displayName: name,
	testEnvironment: 'node',
	transform,
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	// package.json files of their own: the e2e suite's packed package and n8n user-folder templates,
	// and the manifests n8n is installed from
	modulePathIgnorePatterns: ['<rootDir>/.tmp/', '<rootDir>/scripts/provision/n8nLockfiles/'],
	// per-suite test timeouts (jest ignores `testTimeout` inside a project)
	setupFilesAfterEnv: [`<rootDir>/test/support/timeout.${name}.ts`],
	...extra,
});

// the e2e run's shared n8n (test/e2e/harness/sharedN8n.ts): started by the first file that asks
const e2e = {
	globalSetup: '<rootDir>/test/e2e/harness/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/harness/globalTeardown.ts',
};

module.exports = {
	projects: [project('unit'), project('engine'), project('e2e', e2e)],
};
