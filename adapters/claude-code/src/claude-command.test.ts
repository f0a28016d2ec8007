import { describe, expect, it } from 'vitest';
import { buildClaudeArgs, buildClaudeEnv, toolArgs } from './claude-command.js';

describe('buildClaudeEnv', () => {
  it("keeps only the given env plus the isolation settings, with HOME and TMPDIR in the execution's HOME", () => {
    const env = buildClaudeEnv(
      {
        env: {
          PATH: '/bin',
          TMPDIR: '/tmp',
          ANTHROPIC_API_KEY: 'sk-test-123456',
          ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
        },
        home: '/h',
      },
      {},
    );
    expect(env).toMatchObject({
      PATH: '/bin',
      HOME: '/h',
      TMPDIR: '/h/.tmp',
      CLAUDE_CONFIG_DIR: '/h/.claude',
      ANTHROPIC_API_KEY: 'sk-test-123456',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_MAX_RETRIES: '0',
      IS_SANDBOX: '1',
    });
    expect(env.USER).toBeUndefined();
    expect(
      buildClaudeEnv({ env: { ANTHROPIC_BASE_URL: 'http://a' }, home: '/h' }, { baseUrl: 'http://b' })
        .ANTHROPIC_BASE_URL,
    ).toBe('http://b');
  });
});

describe('buildClaudeArgs', () => {
  it('asks for stream-json from the staged project skills only, with no session file for a single turn', () => {
    const args = buildClaudeArgs({ turn: { kind: 'single' }, permissionMode: 'bypassPermissions' });
    expect(args).toContain('--no-session-persistence');
    expect(args.join(' ')).toContain('--output-format stream-json --verbose');
    expect(args.join(' ')).toContain('--setting-sources project');
    // Without MCP servers of the case too: a fixture's .mcp.json would start its servers unasked.
    expect(args).toContain('--strict-mcp-config');
  });

  it('starts a named session on the first turn and resumes it after', () => {
    const first = buildClaudeArgs({
      turn: { kind: 'first', sessionId: 'S' },
      permissionMode: 'plan',
      model: 'm',
      maxTurns: 2,
    });
    expect(first.join(' ')).toContain('--session-id S');
    expect(first.join(' ')).toContain('--model=m --max-turns 2');
    const next = buildClaudeArgs({
      turn: { kind: 'resume', sessionId: 'S' },
      permissionMode: 'plan',
      extraArgs: ['--x'],
    });
    expect(next.join(' ')).toContain('--resume S --x');
    expect(next).not.toContain('--no-session-persistence');
  });

  it('gives what an eval file chose in one word with its option, so a value starting with a dash is never an option', () => {
    const args = buildClaudeArgs({
      turn: { kind: 'single' },
      permissionMode: 'bypassPermissions',
      model: '--settings={"hooks":{}}',
      system: '--mcp-config=evil.json',
      allowedTools: ['--add-dir=/'],
    });
    expect(args).toContain('--model=--settings={"hooks":{}}');
    expect(args).toContain('--append-system-prompt=--mcp-config=evil.json');
    expect(args).toContain('--allowed-tools=--add-dir=/');
    expect(args.filter((arg) => arg.startsWith('--settings') || arg.startsWith('--mcp-config'))).toEqual([]);
  });
});

describe("a case's tools", () => {
  it('offers only the allowed built-in tools (a rule by its tool, MCP tools left to their servers) and removes the disallowed', () => {
    const args = toolArgs({
      allowed: ['Read', 'Bash(npm test:*)', 'Write', 'Bash(git *)', 'mcp__tickets__list'],
      disallowed: ['Write', 'mcp__tickets__delete'],
    });
    expect(args).toEqual(['--tools=Read,Bash,Write', '--disallowed-tools=Write,mcp__tickets__delete']);
  });

  it('offers no built-in tool for an empty list, and changes nothing without a restriction', () => {
    expect(toolArgs({ allowed: [], disallowed: [] })).toEqual(['--tools=']);
    expect(toolArgs({ disallowed: ['Agent'] })).toEqual(['--disallowed-tools=Agent']);
    expect(toolArgs(undefined)).toEqual([]);
  });

  it('puts them on the command line of every turn, after the permission rules of the settings', () => {
    const args = buildClaudeArgs({
      turn: { kind: 'single' },
      permissionMode: 'bypassPermissions',
      allowedTools: ['Bash(git *)'],
      tools: { allowed: ['Read'], disallowed: [] },
    });
    expect(args.join(' ')).toContain('--allowed-tools=Bash(git *) --tools=Read');
  });
});
