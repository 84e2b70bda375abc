// The verifier as a command (`npm run verify -- <log>`): a process of its own, so it lives outside the unit tier.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getGame, luckReport } from '@dicehall/shared';
import { finishedLog } from '../helpers/high-roll-log';

describe('the verify CLI', () => {
  it('runs as a CLI: exit 0 on an honest log, 1 on a tampered one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dicehall-'));
    const good = path.join(dir, 'good.json');
    const bad = path.join(dir, 'bad.json');
    const log = finishedLog();
    writeFileSync(good, JSON.stringify(log));
    log.entries[1].rolls[0].value = (log.entries[1].rolls[0].value % 6) + 1;
    writeFileSync(bad, JSON.stringify(log));
    const tsx = path.join(__dirname, '../../node_modules/.bin/tsx');
    const cli = path.join(__dirname, '../../shared/src/cli/verify.ts');
    const ok = execFileSync(tsx, [cli, good], { encoding: 'utf8' });
    expect(ok).toMatch(/^OK: high-roll/);
    // Issue 34: after a good verification the luck report follows, the same sentence the module computes.
    const luck = luckReport(finishedLog(), getGame);
    if (!luck.ok) throw new Error(luck.problem);
    expect(ok).toContain(`Luck: ${luck.sentence}`);
    expect(ok).toMatch(/ {2}Ana: luck [+-]\d+\.\d\d over 3 rolls of theirs/);
    expect(ok.match(/^ {4}#\d+ d6=\d /gm)).toHaveLength(6);
    let code = 0;
    let out = '';
    try {
      execFileSync(tsx, [cli, bad], { encoding: 'utf8' });
    } catch (err) {
      code = (err as { status: number }).status;
      out = (err as { stdout: string }).stdout;
    }
    expect(code).toBe(1);
    expect(out).toMatch(/FAILED[\s\S]*roll #0/);
    expect(out).not.toMatch(/Luck:/);
  });
});
