import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchTestBrowser, type TestBrowser } from '../test-support/chromium.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { capturePair, centreOf, checkStep, click } from './test-pairs.js';

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser.close();
});

const page = `<button id="submit" onclick="document.getElementById('confirm').hidden = false">Submit</button>
  <div id="confirm" role="dialog" hidden style="position:fixed;top:180px;left:220px;width:360px;padding:16px;border:2px solid #333;background:#fff">
    <h1 style="font-size:20px">Submit expense report?</h1><button>Cancel</button> <button>Confirm</button></div>`;

describe('a dialog that opened', () => {
  it('succeeds, citing the dialog as the action-relevant region', async () => {
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#submit');
        return [click(at.x, at.y)];
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Click the 'Submit' button", pair);
    expect(check.passed).toBe(true);
    expect(check.evidence).toMatch(/a dialog .*Submit expense report\?.* appeared/);
    const dialog = pair.after.capture.accessibility?.find((node) => node.role === 'dialog');
    const cited = check.reflection?.regions.find((region) => region.description.includes('dialog'));
    expect(cited?.relevance).toBe('action-relevant');
    const [box, expected] = [cited!.box, dialog!.box];
    expect([box.x, box.y]).toEqual([Math.floor(expected.x), Math.floor(expected.y)]);
    expect(box.x + box.width).toBe(Math.ceil(expected.x + expected.width));
    expect(box.y + box.height).toBe(Math.ceil(expected.y + expected.height));
  });
});

describe('what a passing click rests on', () => {
  const card = `<article aria-label="Dana" style="padding:16px;border:1px solid #999;width:300px">
    <p id="count">♥ 3</p><button id="like" onclick="document.getElementById('count').textContent = '♥ 4'">Like</button></article>`;
  const likePair = () =>
    capturePair(browser, card, {
      actions: async (live) => {
        const at = await centreOf(live, '#like');
        return [click(at.x, at.y)];
      },
    });

  it('is the state asked for when the step asks for the click itself', async () => {
    const check = await checkStep(createEvidenceReflector(), "Click the 'Like' button", await likePair());
    expect(check).toMatchObject({ passed: true, basis: 'state' });
  });

  it('is only a change when the click was made to reach another effect', async () => {
    const check = await checkStep(createEvidenceReflector(), "Like the 'Dana' card", await likePair());
    expect(check).toMatchObject({ passed: true, basis: 'change' });
  });

  it('is the state asked for when the page then says what the verb did', async () => {
    const page = `<article aria-label="Dana" style="padding:16px;border:1px solid #999;width:300px">
      <p>Lunch on Friday?</p><button id="archive" onclick="this.closest('article').replaceWith(Object.assign(document.createElement('p'), { textContent: 'Conversation archived.' }))">Archive</button></article>`;
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#archive');
        return [click(at.x, at.y)];
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Archive the 'Dana' card", pair);
    expect(check).toMatchObject({ passed: true, basis: 'state' });
    expect(check.evidence).toContain('Conversation archived.');
  });

  it('is the state asked for when a menu opened: its control says it is expanded', async () => {
    const page = `<button id="account" aria-expanded="false" onclick="this.setAttribute('aria-expanded', 'true'); document.getElementById('menu').hidden = false">Account</button>
      <ul id="menu" hidden><li><a href="#profile">Profile</a></li><li><a href="#out">Sign out</a></li></ul>`;
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#account');
        return [click(at.x, at.y)];
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Go to the 'Account' menu", pair);
    expect(check).toMatchObject({ passed: true, basis: 'state' });
  });

  it('is a click asked for when the step chooses a button', async () => {
    const page = `<p id="note">Draft</p><button id="save" onclick="document.getElementById('note').textContent = 'Kept'">Save</button>`;
    const pair = await capturePair(browser, page, {
      actions: async (live) => {
        const at = await centreOf(live, '#save');
        return [click(at.x, at.y)];
      },
    });
    const check = await checkStep(createEvidenceReflector(), "Pick 'Save'", pair);
    expect(check).toMatchObject({ passed: true, basis: 'state' });
  });
});
