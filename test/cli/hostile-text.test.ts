// Portal text reaches the terminal escaped (issue 12, defect 7): escape sequences, C1 controls,
// CR, BEL, NUL and bidi overrides in a listing never reach stdout raw, in tables, `show` and
// `--json` (whose JSON still parses back to the exact text). And the items a sync could not
// identify (defect 1) are shown by `status`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import type { InventoryPage, VehicleDetailView } from '../../src/shared/views';
import { cliAccount, json, type CliAccount } from './helpers';

const HOSTILE_TITLE = 'Civic \x1b[2J\x1b]0;pwned\x07 \r\u009b31m RED\u0000 \u202eFDP.exe\u2066x\u2069';
const HOSTILE_DESCRIPTION = 'line one\nline two \x1b[8m hidden \x1b[0m\u0085';
/** What must never reach a terminal raw: C0 except newline and tab, DEL, C1, bidi controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

let sb: Sandbox;
let account: CliAccount;
let unidentified: string;

const run = (args: string[]) => account.run(args);

beforeAll(async () => {
  account = await cliAccount(
    { vehicles: 12, seed: 5, integrationToken: 'cli-hostile-token-0123456789' },
    {
      prepare: (portal) => {
        portal.data.upsert({ reference: 'HOSTILE-1', title: HOSTILE_TITLE, description: HOSTILE_DESCRIPTION }, { urlReady: true });
        unidentified = portal.data.list().find((v) => v.reference !== 'HOSTILE-1')!.reference;
      },
    },
  );
  sb = account.sb;
});
afterAll(() => account.close());

describe('portal text in the terminal', () => {
  it('sync, search, show and --json never write a raw control character; JSON keeps the exact text', async () => {
    const synced = await run(['sync', '--no-photos']);
    expect(synced.code, synced.stderr).toBe(0);
    const [table, tableJson, show, showJson] = await Promise.all([
      run(['search', 'HOSTILE']),
      run(['search', 'HOSTILE', '--json']),
      run(['show', 'HOSTILE-1']),
      run(['show', 'HOSTILE-1', '--json']),
    ]);
    for (const result of [table, tableJson, show, showJson]) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(RAW_CONTROL);
      expect(result.stderr).not.toMatch(RAW_CONTROL);
    }
    // Escaped visibly, not dropped: the dealer can see something odd is there.
    expect(table.stdout).toContain('\\x1b[2J');
    expect(show.stdout).toContain('\\u202e');
    expect(json<InventoryPage>(tableJson).rows[0]?.title).toBe(HOSTILE_TITLE);
    expect(json<VehicleDetailView>(showJson).vehicle.title).toBe(HOSTILE_TITLE);
  });

  it('status shows the items the last sync could not identify, escaped', async () => {
    sb.faults.set({ invalidVehicles: { references: [unidentified], kind: 'missing-reference' } });
    const synced = await run(['sync', '--full', '--no-photos']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/1 item from the portal could not be identified/);
    const status = await run(['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Data problems:\s+1 item from the portal could not be identified/);
    expect(status.stdout).toContain('without a reference');
    expect(status.stdout).not.toMatch(RAW_CONTROL);
    const report = json<{ lastRun: { dataProblems: Array<{ problem: string }> } }>(await run(['status', '--json']));
    expect(report.lastRun.dataProblems).toMatchObject([{ problem: 'no_reference' }]);
    // The listing itself is still there.
    expect((await run(['show', unidentified])).code).toBe(0);
  });
});
