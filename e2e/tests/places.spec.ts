// A memo's place: set in the editor (a name and coordinates), shown on its card as a pin chip that opens the map
// there; the map page (/map) shows the user's places as markers and lists them. The tests reach no tile server (the
// host points mapTiles at a closed loopback port): the markers and the list are there without tiles.
import { expect, screenshot, test } from "../support/fixtures";
import { editor, memoCard, text } from "../support/ui";

test.beforeEach(async ({ hostApi }) => {
  const response = await hostApi.request.post(`${hostApi.baseURL}/api/system/setting`, {
    data: { name: "mapTiles", value: JSON.stringify({ url: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "No tiles here" }) },
  });
  expect(response.status(), await response.text()).toBe(200);
});

test("a place set in the editor shows on the card and opens the map with the user's places", async ({ page, signedIn }, testInfo) => {
  const post = (content: string, location: unknown) =>
    signedIn.api.request.post(`${signedIn.api.baseURL}/api/memo`, { data: { content, location } });
  expect((await post("Lunch in Paris", { placeholder: "Eiffel Tower", latitude: 48.8584, longitude: 2.2945 })).status()).toBe(200);
  expect((await post("Coffee nearby", { placeholder: "Café de Flore", latitude: 48.854, longitude: 2.3326 })).status()).toBe(200);
  expect((await post("Tea in Kyoto", { placeholder: "Kyoto", latitude: 35.0116, longitude: 135.7681 })).status()).toBe(200);
  await page.goto("/");

  // The editor: a name and coordinates through the place form, kept with the new memo.
  await editor(page).fill("Walk by the Thames");
  await page.getByRole("button", { name: "Place", exact: true }).first().click();
  const form = page.getByRole("dialog", { name: "Place" });
  await form.getByLabel("Name").fill("Westminster");
  await form.getByLabel("Latitude").fill("91");
  await form.getByLabel("Longitude").fill("-0.1246");
  await form.getByRole("button", { name: "Set place" }).click();
  await expect(form.getByText("Latitude is a number from -90 to 90, with a longitude.")).toBeVisible();
  await form.getByLabel("Latitude").fill("51.5007");
  await form.getByRole("button", { name: "Set place" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("place-chip").first()).toHaveText("Westminster");
  await page.getByRole("button", { name: text.save, exact: true }).click();
  await expect(editor(page)).toHaveValue("");

  const card = memoCard(page, "Walk by the Thames");
  const chip = card.getByTestId("place-chip");
  await expect(chip).toHaveText("Westminster");
  await screenshot(page, testInfo, "place-chip", { fullPage: false });

  // The chip opens the map there; the list names every place, and the map draws markers (or clusters) without tiles.
  await chip.click();
  await expect(page).toHaveURL(/\/map\?lat=51\.5007&lng=-0\.1246/);
  const list = page.getByTestId("places-list");
  await expect(list.getByRole("link")).toHaveCount(4);
  await expect(list).toContainText("Westminster");
  await expect(list).toContainText("Kyoto");
  await expect(page.getByRole("heading", { name: "4 places" })).toBeVisible();
  const map = page.getByTestId("places-map");
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(map.locator(".leaflet-control-attribution")).toContainText("No tiles here");
  await screenshot(page, testInfo, "map", { fullPage: false });

  // A list entry opens its memo.
  await list.getByRole("link", { name: /Kyoto/ }).click();
  await expect(page).toHaveURL(/\/m\/\d+$/);
  await expect(page.getByText("Tea in Kyoto")).toBeVisible();
});
