import { describe, expect, it } from 'vitest';
import { buildQodercliArgs, buildQodercliEnv } from './qodercli-command.js';

describe('buildQodercliArgs', () => {
  it('puts the prompt after -p, asks for stream-json, and resumes with -r', () => {
    const args = buildQodercliArgs({
      prompt: 'Greet me',
      permissionMode: 'bypass_permissions',
      resume: 'sess-1',
      model: 'performance',
      maxTurns: 5,
      system: 'Be brief.',
      allowedTools: ['Read', 'Skill'],
      extraArgs: ['--bare'],
    });
    expect(args.slice(0, 2)).toEqual(['-p', 'Greet me']);
    expect(args.join(' ')).toContain('--output-format stream-json --permission-mode bypass_permissions');
    expect(args.join(' ')).toContain('--model=performance --max-turns 5 --append-system-prompt=Be brief.');
    expect(args.join(' ')).toContain('--allowed-tools=Read,Skill -r sess-1 --bare');
    // A workspace's .mcp.json would start its servers before the session: qodercli loads none of it.
    expect(args).toContain('--strict-mcp-config');
  });

  it('keeps a prompt that starts with a dash from being read as a flag', () => {
    const args = buildQodercliArgs({ prompt: '--help me', permissionMode: 'default' });
    expect(args[1]).toBe(' --help me');
    expect(args).not.toContain('-r');
  });

  it('gives what an eval file chose in one word with its option, so a value starting with a dash is never an option', () => {
    const args = buildQodercliArgs({
      prompt: 'Greet me',
      permissionMode: 'default',
      model: '--settings=evil.json',
      system: '--mcp-config=evil.json',
      allowedTools: ['--add-dir=/'],
    });
    expect(args).toContain('--model=--settings=evil.json');
    expect(args).toContain('--append-system-prompt=--mcp-config=evil.json');
    expect(args).toContain('--allowed-tools=--add-dir=/');
    expect(args.filter((arg) => arg.startsWith('--settings') || arg.startsWith('--mcp-config'))).toEqual([]);
  });
});

describe('buildQodercliEnv', () => {
  it('isolates the config dir and the temp folder, and passes the access token the run hands it', () => {
    const withToken = buildQodercliEnv({
      env: { PATH: '/bin', TMPDIR: '/tmp', QODER_PERSONAL_ACCESS_TOKEN: 'pat-run' },
      home: '/h',
    });
    expect(withToken).toEqual({
      PATH: '/bin',
      HOME: '/h',
      QODER_CONFIG_DIR: '/h/.qoder',
      TMPDIR: '/h/.tmp',
      NO_BROWSER: '1',
      QODER_PERSONAL_ACCESS_TOKEN: 'pat-run',
    });
    expect(buildQodercliEnv({ env: {}, home: '/h' })).not.toHaveProperty('QODER_PERSONAL_ACCESS_TOKEN');
  });
});
