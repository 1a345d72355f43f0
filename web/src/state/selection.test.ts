// The selection of a list's select mode: toggles, Shift-click ranges in the list's order, "select all", and a
// selection kept by id while more pages come in.
import { describe, expect, it } from "vitest";
import { holdsAll, NO_SELECTION, type Selection, selectAll, selectRange, toggle } from "./selection";

const ids = (selection: Selection) => [...selection.ids].sort((a, b) => a - b);

describe("selection", () => {
  it("a click toggles one memo and makes it the anchor", () => {
    const one = toggle(NO_SELECTION, 5);
    expect(ids(one)).toEqual([5]);
    expect(one.anchor).toBe(5);
    const none = toggle(one, 5);
    expect(ids(none)).toEqual([]);
    expect(none.anchor).toBe(5);
  });

  it("a Shift-click selects every memo between the anchor and it, in the list's order, either way", () => {
    const order = [9, 7, 5, 3, 1];
    const down = selectRange(toggle(NO_SELECTION, 7), order, 3);
    expect(ids(down)).toEqual([3, 5, 7]);
    // The anchor stays, so a second Shift-click moves the range's end from it.
    expect(down.anchor).toBe(7);
    const up = selectRange(toggle(NO_SELECTION, 3), order, 9);
    expect(ids(up)).toEqual([3, 5, 7, 9]);
  });

  it("a Shift-click on a selected memo clears the range: the range takes the clicked memo's new state", () => {
    const all = selectAll(toggle(NO_SELECTION, 9), [9, 7, 5, 3, 1]);
    const cleared = selectRange(all, [9, 7, 5, 3, 1], 5);
    expect(ids(cleared)).toEqual([1, 3]);
  });

  it("without an anchor in the list (none yet, or its memo has left) a Shift-click is a click", () => {
    expect(ids(selectRange(NO_SELECTION, [1, 2, 3], 2))).toEqual([2]);
    const gone = { ids: new Set([4]), anchor: 4 };
    expect(ids(selectRange(gone, [1, 2, 3], 2))).toEqual([2, 4]);
  });

  it("survives paging: memos selected on page one stay selected when page two comes in, and a range spans both", () => {
    const pageOne = [60, 59, 58];
    const picked = selectRange(toggle(NO_SELECTION, 59), pageOne, 58);
    expect(ids(picked)).toEqual([58, 59]);
    // The next page is appended to the list as shown; the selection is by id, so nothing is lost.
    const withPageTwo = [...pageOne, 30, 29, 28];
    expect(ids(picked)).toEqual([58, 59]);
    const across = selectRange(toggle(picked, 60), withPageTwo, 29);
    expect(ids(across)).toEqual([29, 30, 58, 59, 60]);
  });

  it("select all adds the ids the server matched, with those already selected; holdsAll says when every one is", () => {
    const some = toggle(NO_SELECTION, 1_000_000);
    const all = selectAll(some, [1, 2, 3]);
    expect(ids(all)).toEqual([1, 2, 3, 1_000_000]);
    expect(holdsAll(all, [1, 2, 3])).toBe(true);
    expect(holdsAll(some, [1, 2, 3])).toBe(false);
    expect(holdsAll(all, [])).toBe(false);
  });
});
