/**
 * Scripted reference solutions for every `done` task: what a person would do, by role and
 * visible name, with mouse clicks and keys. They exist only to show that each checker passes
 * once the goal is reached; the benchmark never shows them to the agent.
 */
import type { Locator, Page } from 'playwright-core';

/** A scripted solution, run on a freshly loaded example page. */
export type ReferenceSolution = (page: Page) => Promise<void>;

/** Presses a key `times` times on the focused element. */
async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Arrow keys on a slider or spin button until its aria-valuenow reaches `target`. */
async function stepTo(page: Page, control: Locator, target: number, up = 'ArrowUp', down = 'ArrowDown'): Promise<void> {
  await control.focus();
  for (let i = 0; i < 60; i++) {
    const now = Number(await control.getAttribute('aria-valuenow'));
    if (Math.abs(now - target) < 1e-9) return;
    await page.keyboard.press(now < target ? up : down);
  }
  throw new Error(`could not step ${await control.getAttribute('aria-label')} to ${target}`);
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Opens a calendar date picker, moves to the month and clicks the day. */
async function pickDate(page: Page, year: number, month: number, day: number): Promise<void> {
  await page.getByRole('button', { name: /Date/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Choose Date' });
  await dialog.waitFor();
  for (let i = 0; i < 60; i++) {
    const [name = '', shownYear = '0'] = ((await dialog.getByRole('heading').textContent()) ?? '').trim().split(/\s+/);
    const shown = Number(shownYear) * 12 + monthNames.indexOf(name);
    const wanted = year * 12 + month - 1;
    if (shown === wanted) break;
    await dialog.getByRole('button', { name: shown < wanted ? 'next month' : 'previous month' }).click();
  }
  await dialog.getByRole('gridcell', { name: String(day), exact: true }).click();
}

export const referenceSolutions: Readonly<Record<string, ReferenceSolution>> = {
  // accordion
  'accordion-expand-billing': async (page) => {
    await page.getByRole('button', { name: 'Billing Address' }).click();
  },
  'accordion-collapse-personal': async (page) => {
    await page.getByRole('button', { name: 'Personal Information' }).click();
  },
  'accordion-shipping-city': async (page) => {
    await page.getByRole('button', { name: 'Shipping Address' }).click();
    await page.getByRole('region', { name: 'Shipping Address' }).getByLabel('City:', { exact: true }).fill('Portland');
  },
  'accordion-name-email': async (page) => {
    await page.getByRole('textbox', { name: 'Name' }).fill('Maria Lopez');
    await page.getByRole('textbox', { name: 'Email' }).fill('maria.lopez@example.com');
  },

  // alert, alert dialog
  'alert-trigger': async (page) => {
    await page.getByRole('button', { name: 'Trigger Alert' }).click();
  },
  'alertdialog-discard-notes': async (page) => {
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog', { name: 'Confirmation' }).getByRole('button', { name: 'Yes' }).click();
  },
  'alertdialog-save-notes': async (page) => {
    await page.getByRole('button', { name: 'Save' }).click();
  },
  'alertdialog-replace-and-save': async (page) => {
    await page.getByRole('textbox', { name: 'Notes' }).fill('Call the plumber on Monday');
    await page.getByRole('button', { name: 'Save' }).click();
  },

  // breadcrumb, link
  'breadcrumb-go-to-patterns': async (page) => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Patterns', exact: true })
      .click();
    await page.waitForURL('**/patterns/patterns.html');
  },
  'breadcrumb-up-one-level': async (page) => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Breadcrumb Pattern' })
      .click();
    await page.waitForURL('**/breadcrumb-pattern.html');
  },
  'link-w3c-website': async (page) => {
    await page.getByRole('link', { name: 'W3C website', exact: true }).first().click();
    await page.waitForURL('https://www.w3.org/');
  },
  'link-third-example': async (page) => {
    await page.getByRole('row', { name: /^3 / }).getByRole('link').click();
    await page.waitForURL('https://www.w3.org/TR/wai-aria-practices/');
  },

  // button
  'button-mute': async (page) => {
    await page.getByRole('button', { name: 'Mute' }).click();
  },
  'button-idl-mute': async (page) => {
    await page.getByRole('button', { name: 'Mute' }).focus();
    await page.keyboard.press('Enter');
  },

  // carousel
  'carousel-stop-rotation': async (page) => {
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
  },
  'carousel-stop-on-foyles-war': async (page) => {
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    for (let i = 0; i < 6; i++) {
      if (await page.getByRole('group', { name: '4 of 6' }).isVisible()) break;
      await page.getByRole('button', { name: 'Next Slide' }).click();
    }
  },
  'carousel-tabs-slide-3': async (page) => {
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await page.getByRole('tab', { name: 'Slide 3' }).click();
  },
  'carousel-tabs-stop': async (page) => {
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
  },

  // checkbox
  'checkbox-tick-mustard': async (page) => {
    await page.getByRole('checkbox', { name: 'Mustard' }).click();
  },
  'checkbox-untick-tomato': async (page) => {
    await page.getByRole('checkbox', { name: 'Tomato' }).click();
  },
  'checkbox-lettuce-and-sprouts': async (page) => {
    await page.getByRole('checkbox', { name: 'Lettuce' }).click();
    await page.getByRole('checkbox', { name: 'Sprouts' }).focus();
    await page.keyboard.press('Space');
  },
  'checkbox-mixed-select-all': async (page) => {
    // From mixed, the group box cycles to all checked.
    await page.getByRole('checkbox', { name: 'All condiments' }).click();
  },
  'checkbox-mixed-clear-all': async (page) => {
    await page.getByRole('checkbox', { name: 'Tomato' }).uncheck();
  },
  'checkbox-mixed-add-mustard': async (page) => {
    await page.getByRole('checkbox', { name: 'Mustard' }).check();
  },

  // combobox
  'combobox-both-oregon': async (page) => {
    await page.getByRole('combobox', { name: 'State' }).pressSequentially('Ore');
    await page.getByRole('option', { name: 'Oregon' }).click();
  },
  'combobox-both-new-mexico': async (page) => {
    await page.getByRole('combobox', { name: 'State' }).pressSequentially('New M');
    await page.getByRole('option', { name: 'New Mexico' }).click();
  },
  'combobox-list-north-carolina': async (page) => {
    await page.getByRole('combobox', { name: 'State' }).pressSequentially('North');
    await page.getByRole('option', { name: 'North Carolina' }).click();
  },
  'combobox-none-previous-search': async (page) => {
    await page.getByRole('button', { name: 'Previous Searches' }).click();
    await page.getByRole('option', { name: 'hotels in NY' }).click();
  },
  'combobox-none-type-search': async (page) => {
    await page.getByRole('combobox', { name: 'Search' }).pressSequentially('pizza near the station');
    await page.keyboard.press('Escape');
  },
  'combobox-select-banana': async (page) => {
    await page.getByRole('combobox', { name: 'Favorite Fruit' }).click();
    await page.getByRole('option', { name: 'Banana' }).click();
  },
  'combobox-select-last-fruit': async (page) => {
    await page.getByRole('combobox', { name: 'Favorite Fruit' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
  },
  'combobox-grid-eggplant': async (page) => {
    await page.getByRole('combobox', { name: 'Fruits and vegetables' }).pressSequentially('Egg');
    await page.getByRole('gridcell', { name: 'Eggplant' }).click();
  },
  'combobox-grid-kiwi': async (page) => {
    await page.getByRole('combobox', { name: 'Fruits and vegetables' }).pressSequentially('Kiw');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  },

  // date pickers
  'datepicker-combobox-march-14': async (page) => {
    await pickDate(page, 2027, 3, 14);
  },
  'datepicker-combobox-new-year': async (page) => {
    await page.getByRole('combobox', { name: 'Date' }).fill('01/01/2027');
    await page.keyboard.press('Tab');
  },
  'datepicker-dialog-christmas': async (page) => {
    await pickDate(page, 2026, 12, 25);
  },
  'datepicker-dialog-january-5': async (page) => {
    await pickDate(page, 2027, 1, 5);
  },

  // modal dialog
  'dialog-open-address-form': async (page) => {
    await page.getByRole('button', { name: 'Add Delivery Address' }).click();
  },
  'dialog-add-address': async (page) => {
    await page.getByRole('button', { name: 'Add Delivery Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add Delivery Address' });
    await form.getByRole('textbox', { name: 'Street:' }).fill('12 Elm Street');
    await form.getByRole('textbox', { name: 'City:' }).fill('Springfield');
    await form.getByRole('textbox', { name: 'State:' }).fill('IL');
    await form.getByRole('textbox', { name: 'Zip:' }).fill('62704');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('dialog', { name: 'Address Added' }).getByRole('button', { name: 'OK' }).click();
  },
  'dialog-verify-address': async (page) => {
    await page.getByRole('button', { name: 'Add Delivery Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add Delivery Address' });
    await form.getByRole('textbox', { name: 'Street:' }).fill('500 Oak Avenue');
    await form.getByRole('textbox', { name: 'City:' }).fill('Dayton');
    await form.getByRole('textbox', { name: 'State:' }).fill('OH');
    await form.getByRole('textbox', { name: 'Zip:' }).fill('45402');
    await form.getByRole('button', { name: 'Verify Address' }).click();
  },

  // disclosure
  'disclosure-card-folk-details': async (page) => {
    await page.getByRole('button', { name: /Folk Futures/ }).click();
  },
  'disclosure-card-transcript': async (page) => {
    await page.getByRole('button', { name: /Playful Dissonance/ }).click();
    await page
      .getByRole('article', { name: /Playful Dissonance/ })
      .getByRole('checkbox')
      .check();
  },
  'disclosure-faq-lost-permit': async (page) => {
    await page.getByRole('button', { name: /lose my permit/ }).click();
  },
  'disclosure-faq-last-two': async (page) => {
    await page.getByRole('button', { name: /free parking on holidays/ }).click();
    await page.getByRole('button', { name: /same enforcement rules/ }).click();
  },
  'disclosure-show-data-table': async (page) => {
    await page.getByRole('button', { name: "Data Table for Minard's Chart" }).click();
  },
  'disclosure-nav-tuition': async (page) => {
    await page.getByRole('button', { name: 'Admissions' }).click();
    await page.getByRole('link', { name: 'Tuition' }).click();
  },
  'disclosure-nav-open-academics': async (page) => {
    await page.getByRole('button', { name: 'Academics' }).click();
  },
  'disclosure-hybrid-transcripts': async (page) => {
    await page.getByRole('button', { name: 'More Academics pages' }).click();
    await page.getByRole('link', { name: 'Transcripts' }).click();
  },
  'disclosure-hybrid-admissions-page': async (page) => {
    await page.getByRole('link', { name: 'Admissions', exact: true }).click();
  },

  // feed
  'feed-loading-delay': async (page) => {
    await page.getByRole('combobox', { name: 'Loading delay' }).selectOption('400');
  },
  'feed-load-more': async (page) => {
    const articles = page.frameLocator('#feed_frame').getByRole('article');
    await articles.nth(9).waitFor();
    await articles.nth(9).scrollIntoViewIfNeeded();
    await articles.nth(10).waitFor();
  },

  // grid
  'grid-sort-by-amount': async (page) => {
    await page.locator('#ex2-grid').getByRole('button', { name: 'Amount' }).click();
  },
  'grid-sort-newest-first': async (page) => {
    await page.locator('#ex2-grid').getByRole('button', { name: 'Date', exact: true }).click();
  },
  'grid-recategorise-coffee': async (page) => {
    const row = page.locator('#ex2-grid').getByRole('row', { name: /Hot Coffee/ });
    await row.getByRole('button', { name: 'Dining Out' }).click();
    await row.getByRole('menuitem', { name: 'Groceries' }).click();
  },
  'grid-rename-salon': async (page) => {
    const row = page.locator('#ex2-grid').getByRole('row', { name: /Cutey's Salon/ });
    await row.getByRole('button', { name: "Cutey's Salon" }).click();
    await row.getByRole('textbox').fill("Cutey's Hair Salon");
    await page.keyboard.press('Enter');
  },
  'grid-hide-columns': async (page) => {
    await page.getByRole('button', { name: 'Hide Type and Category' }).click();
  },
  'grid-remove-first-recipient': async (page) => {
    await page.getByRole('button', { name: 'Remove Recipient Name 1' }).click();
  },
  'grid-add-recipient': async (page) => {
    await page.getByRole('textbox', { name: 'Add Recipient' }).fill('Dana Scully');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  },
  'grid-next-results': async (page) => {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  },

  // landmarks
  'landmarks-form-aria-tab': async (page) => {
    await page.getByRole('tab', { name: 'ARIA Techniques' }).click();
  },
  'landmarks-show-landmarks': async (page) => {
    await page.getByRole('button', { name: 'Show Landmarks' }).click();
  },
  'landmarks-show-headings': async (page) => {
    await page.getByRole('button', { name: 'Show Headings' }).click();
  },
  'landmarks-go-to-search': async (page) => {
    await page.getByRole('navigation').getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/landmarks/examples/search.html');
  },

  // listbox
  'listbox-actions-favourite-archery': async (page) => {
    const item = page.getByRole('option', { name: /Learn archery/ });
    await item.click();
    await item.getByRole('button', { name: 'favorite' }).click();
  },
  'listbox-actions-delete-guide-dog': async (page) => {
    const item = page.getByRole('option', { name: /Train a guide dog/ });
    await item.click();
    await item.getByRole('button', { name: 'delete' }).click();
  },
  'listbox-actions-airplane-up': async (page) => {
    const item = page.getByRole('option', { name: /Build an airplane/ });
    await item.click();
    await item.getByRole('button', { name: 'move up' }).click();
  },
  'listbox-collapsible-curium': async (page) => {
    await page.getByRole('button', { name: /Choose an element/ }).click();
    await page.getByRole('option', { name: 'Curium' }).click();
  },
  'listbox-collapsible-none': async (page) => {
    await page.getByRole('button', { name: /Choose an element/ }).click();
    await page.getByRole('option', { name: 'None' }).click();
  },
  'listbox-grouped-dolphin': async (page) => {
    await page.getByRole('option', { name: 'Dolphin' }).click();
  },
  'listbox-grouped-owl': async (page) => {
    await page.getByRole('option', { name: 'Owl' }).click();
  },
  'listbox-rearrangeable-fast-food': async (page) => {
    await page.getByRole('option', { name: 'Proximity of fast food' }).click();
    await page.getByRole('button', { name: 'Not Important' }).click();
  },
  'listbox-rearrangeable-walkability-up': async (page) => {
    await page.getByRole('option', { name: 'Neighborhood walkability' }).click();
    await page.getByRole('button', { name: 'Up', exact: true }).click();
  },
  'listbox-rearrangeable-upgrades': async (page) => {
    await page.getByRole('option', { name: 'Leather seats' }).click();
    await page.getByRole('option', { name: 'Food synthesizer' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  },
  'listbox-scrollable-einsteinium': async (page) => {
    await page.getByRole('option', { name: 'Einsteinium' }).click();
  },
  'listbox-scrollable-last': async (page) => {
    await page.getByRole('listbox', { name: 'Transuranium elements:' }).focus();
    await page.keyboard.press('End');
  },

  // menu button, menubar
  'menubutton-action-3': async (page) => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Action 3' }).click();
  },
  'menubutton-activedescendant-action-2': async (page) => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Action 2' }).click();
  },
  'menubutton-activedescendant-last-action': async (page) => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
  },
  'menubutton-links-open': async (page) => {
    await page.getByRole('button', { name: 'WAI-ARIA Quick Links' }).click();
  },
  'menubutton-links-authoring-practices': async (page) => {
    await page.getByRole('button', { name: 'WAI-ARIA Quick Links' }).click();
    await page.getByRole('menuitem', { name: 'WAI-ARIA Authoring Practices' }).click();
    await page.waitForURL('https://www.w3.org/TR/wai-aria-practices/');
  },
  'menubar-editor-bold': async (page) => {
    await page.getByRole('menuitem', { name: 'Style/Color' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Bold' }).click();
  },
  'menubar-editor-monospace': async (page) => {
    await page.getByRole('menuitem', { name: 'Font' }).click();
    await page.getByRole('menuitemradio', { name: 'Monospace' }).click();
  },
  'menubar-editor-center': async (page) => {
    await page.getByRole('menuitem', { name: 'Text Align' }).click();
    await page.getByRole('menuitemradio', { name: 'Center' }).click();
  },
  'menubar-editor-x-large': async (page) => {
    await page.getByRole('menuitem', { name: 'Size' }).click();
    await page.getByRole('menuitemradio', { name: 'X-Large' }).click();
  },
  'menubar-editor-red-italic': async (page) => {
    await page.getByRole('menuitem', { name: 'Style/Color' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Italic' }).click();
    if (!(await page.getByRole('menuitemradio', { name: 'Red' }).isVisible())) {
      await page.getByRole('menuitem', { name: 'Style/Color' }).click();
    }
    await page.getByRole('menuitemradio', { name: 'Red' }).click();
  },
  'menubar-nav-graduate': async (page) => {
    await page.getByRole('menuitem', { name: 'Admissions' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Tuition' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('menuitem', { name: 'Graduate', exact: true }).click();
  },
  'menubar-nav-history': async (page) => {
    await page.getByRole('menuitem', { name: 'About' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'Facts' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('menuitem', { name: 'History' }).click();
  },

  // meter, radio
  'meter-pause-updates': async (page) => {
    await page.getByRole('button', { name: 'Pause Updates' }).click();
  },
  'radio-deep-dish': async (page) => {
    await page.getByRole('radio', { name: 'Deep dish' }).click();
  },
  'radio-thin-crust-delivery': async (page) => {
    await page.getByRole('radio', { name: 'Thin crust' }).click();
    await page.getByRole('radio', { name: 'Home Delivery' }).click();
  },
  'radio-activedescendant-dine-in': async (page) => {
    await page.getByRole('radio', { name: 'Dine in Restaurant' }).click();
  },
  'radio-rating-four-stars': async (page) => {
    await page.getByRole('radio', { name: 'four stars' }).click();
  },

  // slider
  'slider-min-price-150': async (page) => {
    await page.getByRole('slider', { name: 'Hotel Minimum Price in US dollars' }).focus();
    await press(page, 'PageUp', 5);
  },
  'slider-price-range': async (page) => {
    await page.getByRole('slider', { name: 'Hotel Maximum Price in US dollars' }).focus();
    await press(page, 'PageUp', 7);
    await page.getByRole('slider', { name: 'Hotel Minimum Price in US dollars' }).focus();
    await press(page, 'PageUp', 2);
  },
  'slider-red-full': async (page) => {
    await page.getByRole('slider', { name: 'Red' }).focus();
    await page.keyboard.press('End');
  },
  'slider-pure-blue': async (page) => {
    await page.getByRole('slider', { name: 'Red' }).focus();
    await page.keyboard.press('Home');
    await page.getByRole('slider', { name: 'Green' }).focus();
    await page.keyboard.press('Home');
    await page.getByRole('slider', { name: 'Blue' }).focus();
    await page.keyboard.press('End');
  },
  'slider-rating-eight': async (page) => {
    await stepTo(page, page.getByRole('slider', { name: /Rate your satisfaction/ }), 8, 'ArrowRight', 'ArrowLeft');
  },
  'slider-seek-2-30': async (page) => {
    await page.getByRole('slider', { name: 'Seek' }).focus();
    await press(page, 'PageUp', 4);
  },
  'slider-temperature-20': async (page) => {
    await page.getByRole('slider', { name: 'Temperature' }).focus();
    await press(page, 'PageDown', 2);
    await press(page, 'ArrowDown', 10);
  },

  // spin button
  'spinbutton-date-march-15-2030': async (page) => {
    await stepTo(page, page.getByRole('spinbutton', { name: 'Year' }), 2030);
    await stepTo(page, page.getByRole('spinbutton', { name: 'Month' }), 2);
    await stepTo(page, page.getByRole('spinbutton', { name: 'Day' }), 15);
  },
  'spinbutton-two-adults-three-kids': async (page) => {
    await page.getByRole('button', { name: 'Add adult' }).click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add kid' }).click();
  },
  'spinbutton-two-dogs': async (page) => {
    await page.getByRole('spinbutton', { name: 'Animals' }).focus();
    await press(page, 'ArrowUp', 2);
  },

  // switch
  'switch-notifications-on': async (page) => {
    await page.getByRole('switch', { name: 'Notifications' }).click();
  },
  'switch-outdoor-lights-on': async (page) => {
    await page.getByRole('switch', { name: 'Outdoor Lights' }).click();
  },
  'switch-captions-on': async (page) => {
    await page.getByRole('switch', { name: 'Show captions' }).check();
  },
  'switch-reduced-motion-on': async (page) => {
    await page.getByRole('switch', { name: 'Reduced motion' }).click();
  },

  // table
  'table-sort-first-name': async (page) => {
    // The first click sorts descending, the second ascending.
    await page.getByRole('button', { name: 'First Name' }).click();
    await page.getByRole('button', { name: 'First Name' }).click();
  },
  'table-sort-company-descending': async (page) => {
    await page.getByRole('button', { name: 'Company' }).click();
  },
  'table-sort-favourite-number': async (page) => {
    await page.getByRole('button', { name: 'Favorite Number' }).click();
    await page.getByRole('button', { name: 'Favorite Number' }).click();
  },

  // tabs
  'tabs-automatic-ida': async (page) => {
    await page.getByRole('tab', { name: 'Ida da Fonseca' }).click();
  },
  'tabs-automatic-last': async (page) => {
    await page.getByRole('tab', { name: 'Maria Ahlefeldt' }).focus();
    await page.keyboard.press('End');
  },
  'tabs-manual-carl': async (page) => {
    await page.getByRole('tab', { name: 'Carl Andersen' }).click();
  },
  'tabs-manual-after-ida': async (page) => {
    await page.getByRole('tab', { name: 'Maria Ahlefeldt' }).focus();
    await press(page, 'ArrowRight', 3);
    await page.keyboard.press('Enter');
  },
  'tabs-actions-close-whale': async (page) => {
    await page.getByRole('button', { name: 'Actions for Whale shark tab' }).click();
    await page.getByRole('menuitem', { name: 'Close tab' }).click();
  },
  'tabs-actions-move-goblin-back': async (page) => {
    await page.getByRole('button', { name: 'Actions for Goblin shark tab' }).click();
    await page.getByRole('menuitem', { name: 'Move tab backward' }).click();
  },
  'tabs-actions-basking': async (page) => {
    await page.getByRole('tab', { name: 'Basking shark' }).click();
  },

  // toolbar
  'toolbar-bold-italic': async (page) => {
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.getByRole('button', { name: 'Italic' }).click();
  },
  'toolbar-align-right': async (page) => {
    await page.getByRole('radio', { name: 'Text Align Right' }).click();
  },
  'toolbar-font-cursive': async (page) => {
    await page.getByRole('button', { name: /^Font:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Cursive' }).click();
  },
  'toolbar-font-size-18': async (page) => {
    await page.getByRole('spinbutton', { name: 'Font size in points' }).click();
    await press(page, 'ArrowUp', 4);
  },
  'toolbar-night-mode': async (page) => {
    await page.getByRole('checkbox', { name: 'Night Mode' }).check();
  },

  // treegrid, tree view
  'treegrid-expand-billy': async (page) => {
    await page
      .getByRole('row', { name: /They are great for showing/ })
      .getByRole('gridcell')
      .first()
      .dblclick();
  },
  'treegrid-collapse-thread': async (page) => {
    await page.getByRole('row', { name: /Want to learn how to use them/ }).focus();
    await page.keyboard.press('ArrowLeft');
  },
  'treegrid-show-all': async (page) => {
    for (const summary of [/They are great for showing/, /Fancytree library/, /more like trees/]) {
      await page.getByRole('row', { name: summary }).focus();
      await page.keyboard.press('ArrowRight');
    }
  },
  'treeview-open-reports': async (page) => {
    await page.getByRole('treeitem', { name: /Reports$/ }).click();
  },
  'treeview-select-report-2b': async (page) => {
    await page.getByRole('treeitem', { name: /Reports$/ }).click();
    await page.getByRole('treeitem', { name: /report-2$/ }).click();
    await page.getByRole('treeitem', { name: /report-2B\.docx$/ }).click();
  },
  'treeview-select-project-5c': async (page) => {
    await page.getByRole('treeitem', { name: /Projects$/ }).click();
    await page.getByRole('treeitem', { name: /project-5$/ }).click();
    await page.getByRole('treeitem', { name: /project-5C\.docx$/ }).click();
  },
  'treeview-open-letter-3': async (page) => {
    await page.getByRole('treeitem', { name: /Letters$/ }).click();
    await page.getByRole('treeitem', { name: /letter-3$/ }).click();
  },
  'treeview-nav-awards': async (page) => {
    await page.getByRole('treeitem', { name: 'About' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('treeitem', { name: 'Facts' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('treeitem', { name: 'Awards' }).click();
  },
  'treeview-nav-alumni-tours': async (page) => {
    await page.getByRole('treeitem', { name: 'About' }).locator('.icon').click();
    await page.getByRole('treeitem', { name: 'Campus Tours' }).locator('.icon').click();
    await page.getByRole('treeitem', { name: 'For Alumni' }).click();
  },
};

/**
 * Near misses: actions close to the goal that a checker must reject (one extra change, the wrong
 * item, an edit left unconfirmed). Validation runs each on a fresh page and expects the check of
 * the task with the same id to FAIL, which shows the checkers are strict, not just satisfiable.
 */
export const nearMisses: Readonly<Record<string, ReferenceSolution>> = {
  'checkbox-tick-mustard': async (page) => {
    await page.getByRole('checkbox', { name: 'Mustard' }).click();
    await page.getByRole('checkbox', { name: 'Lettuce' }).click();
  },
  'accordion-shipping-city': async (page) => {
    await page.getByRole('button', { name: 'Billing Address' }).click();
    await page.getByRole('region', { name: 'Billing Address' }).getByLabel('City:', { exact: true }).fill('Portland');
  },
  'alertdialog-discard-notes': async (page) => {
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog', { name: 'Confirmation' }).getByRole('button', { name: 'No' }).click();
  },
  'carousel-stop-on-foyles-war': async (page) => {
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    for (let i = 0; i < 6; i++) {
      if (await page.getByRole('group', { name: '3 of 6' }).isVisible()) break;
      await page.getByRole('button', { name: 'Next Slide' }).click();
    }
  },
  'combobox-select-banana': async (page) => {
    await page.getByRole('combobox', { name: 'Favorite Fruit' }).click();
    await page.getByRole('option', { name: 'Blueberry' }).click();
  },
  'datepicker-dialog-christmas': async (page) => {
    await pickDate(page, 2026, 12, 24);
  },
  'dialog-add-address': async (page) => {
    await page.getByRole('button', { name: 'Add Delivery Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add Delivery Address' });
    await form.getByRole('textbox', { name: 'Street:' }).fill('12 Elm Street');
    await form.getByRole('textbox', { name: 'City:' }).fill('Springfield');
    await form.getByRole('textbox', { name: 'State:' }).fill('IL');
    await form.getByRole('textbox', { name: 'Zip:' }).fill('62704');
    await form.getByRole('button', { name: 'Cancel' }).click();
  },
  'grid-rename-salon': async (page) => {
    const row = page.locator('#ex2-grid').getByRole('row', { name: /Cutey's Salon/ });
    await row.getByRole('button', { name: "Cutey's Salon" }).click();
    await row.getByRole('textbox').fill("Cutey's Hair Salon");
  },
  'listbox-rearrangeable-upgrades': async (page) => {
    for (const name of ['Leather seats', 'Food synthesizer', 'Front sun roof']) {
      await page.getByRole('option', { name }).click();
    }
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  },
  'slider-temperature-20': async (page) => {
    await page.getByRole('slider', { name: 'Temperature' }).focus();
    await press(page, 'PageDown', 2);
    await press(page, 'ArrowDown', 9);
  },
  'spinbutton-ten-adults-infeasible': async (page) => {
    await page.getByRole('spinbutton', { name: 'Adults' }).focus();
    await page.keyboard.press('End');
  },
  'switch-which-lights-ask': async (page) => {
    await page.getByRole('switch', { name: 'Living Room Lights' }).click();
  },
  'table-sort-first-name': async (page) => {
    await page.getByRole('button', { name: 'First Name' }).click();
  },
  'tabs-actions-close-whale': async (page) => {
    await page.getByRole('button', { name: 'Actions for Goblin shark tab' }).click();
    await page.getByRole('menuitem', { name: 'Close tab' }).click();
  },
  'toolbar-bold-italic': async (page) => {
    await page.getByRole('button', { name: 'Bold' }).click();
  },
  'treeview-select-report-2b': async (page) => {
    await page.getByRole('treeitem', { name: /Reports$/ }).click();
    await page.getByRole('treeitem', { name: /report-2$/ }).click();
    await page.getByRole('treeitem', { name: /report-2A\.docx$/ }).click();
  },
  'feed-loading-delay': async (page) => {
    await page.getByRole('combobox', { name: 'Loading delay' }).selectOption('400');
    const articles = page.frameLocator('#feed_frame').getByRole('article');
    await articles.nth(9).scrollIntoViewIfNeeded();
    await articles.nth(10).waitFor();
  },
  'menubar-editor-red-italic': async (page) => {
    await page.getByRole('menuitem', { name: 'Style/Color' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Bold' }).click();
    if (!(await page.getByRole('menuitemradio', { name: 'Red' }).isVisible())) {
      await page.getByRole('menuitem', { name: 'Style/Color' }).click();
    }
    await page.getByRole('menuitemradio', { name: 'Red' }).click();
  },
};
