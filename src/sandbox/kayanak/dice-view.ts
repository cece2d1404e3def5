/**
 * The action die and the temperature die on screen (J3, J8, J12): each face as the box's die
 * shows it, an icon over its dots, drawn from the rules' faces (the game's settings), never from
 * a table of its own. Also the faces offered to force a physical die's roll.
 */
import type {
  ActionFace,
  ActionFaceKind,
  TemperatureFace,
  TemperatureFaceKind,
} from "../../rules/kayanak/index.ts";
import type { Localize } from "../../ui/handlebars-helpers.ts";
import { escapeXml } from "../../ui/lake-svg.ts";
import { crystalShape, tileSign } from "../../ui/ice-svg.ts";

export type FaceKind = ActionFaceKind | TemperatureFaceKind;

/** A face's name, localized ("Bear", "No trespassing!"). */
export function faceName(face: FaceKind, localize: Localize): string {
  return localize(FACE_KEY[face]);
}
const FACE_KEY: Readonly<Record<FaceKind, string>> = {
  bear: "KOLIKOLY.Sandbox.Kayanak.Face.bear",
  pickax: "KOLIKOLY.Sandbox.Kayanak.Face.pickax",
  fish: "KOLIKOLY.Sandbox.Kayanak.Face.fish",
  star: "KOLIKOLY.Sandbox.Kayanak.Face.star",
  tile: "KOLIKOLY.Sandbox.Kayanak.Face.tile",
  crystal: "KOLIKOLY.Sandbox.Kayanak.Face.crystal",
  dots: "KOLIKOLY.Sandbox.Kayanak.Face.dots",
};

/** A face as text: "Bear 2" (the die's text fallback, the log, the force menu). */
export function faceText(f: ActionFace | TemperatureFace, localize: Localize): string {
  return localize("KOLIKOLY.Sandbox.Kayanak.Face.Text", {
    face: faceName(f.face, localize),
    dots: f.dots,
  });
}

/** The icon of a face, centred on (cx, cy), about 30 units across. */
export function faceIcon(face: FaceKind, cx: number, cy: number): string {
  switch (face) {
    case "bear": // a paw: a pad and four toes
      return (
        `<g class="ks-ky-icon" fill="#5b3a1e">` +
        `<ellipse cx="${cx}" cy="${cy + 5}" rx="9" ry="7.5"/>` +
        [-10.5, -3.8, 3.8, 10.5]
          .map(
            (dx, i) =>
              `<ellipse cx="${cx + dx}" cy="${cy - (i === 1 || i === 2 ? 9 : 4)}" rx="3.6" ry="4.4"/>`,
          )
          .join("") +
        `</g>`
      );
    case "pickax": // a curved head on a handle
      return (
        `<g class="ks-ky-icon" fill="none" stroke-linecap="round">` +
        `<path d="M${cx - 9},${cy + 12} L${cx + 7},${cy - 8}" stroke="#8a5a2b" stroke-width="4"/>` +
        `<path d="M${cx - 6},${cy - 12} Q${cx + 5},${cy - 15} ${cx + 13},${cy - 2}" stroke="#4d5a66" stroke-width="4.5"/>` +
        `</g>`
      );
    case "fish":
      return (
        `<g class="ks-ky-icon">` +
        `<ellipse cx="${cx - 2}" cy="${cy}" rx="10" ry="6.5" fill="#E69F00"/>` +
        `<path d="M${cx + 6},${cy} L${cx + 14},${cy - 7} L${cx + 14},${cy + 7} z" fill="#E69F00"/>` +
        `<circle cx="${cx - 7}" cy="${cy - 1.5}" r="1.6" fill="#000000"/></g>`
      );
    case "star": {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 14 : 6;
        const a = -Math.PI / 2 + (Math.PI / 5) * i;
        pts.push(`${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`);
      }
      return `<polygon class="ks-ky-icon" points="${pts.join(" ")}" fill="#D55E00"/>`;
    }
    case "tile":
      return tileSign(cx, cy).replace(/r="9"/, 'r="12"');
    case "crystal":
      return crystalShape(cx, cy, 13);
    case "dots":
      return "";
  }
}

/** A die showing `face`: icon over its dots (or the dots alone), with its name for screen readers. */
export function dieSvg(
  f: ActionFace | TemperatureFace,
  which: "action" | "temperature",
  localize: Localize,
): string {
  const size = 72;
  const pips: string[] = [];
  const icon = f.face !== "dots";
  const row = icon ? 56 : 36;
  if (f.dots <= 6) {
    const gap = 11;
    const start = size / 2 - ((f.dots - 1) * gap) / 2;
    for (let i = 0; i < f.dots; i++)
      pips.push(`<circle cx="${start + i * gap}" cy="${row}" r="4" fill="#1b1b1b"/>`);
  } else
    pips.push(
      `<text class="ks-ky-die__n" x="${size / 2}" y="${row + 5}" text-anchor="middle">${f.dots}</text>`,
    );
  const label = localize(
    which === "action"
      ? "KOLIKOLY.Sandbox.Kayanak.Dice.ActionShows"
      : "KOLIKOLY.Sandbox.Kayanak.Dice.TemperatureShows",
    { face: faceText(f, localize) },
  );
  return (
    `<figure class="ks-ky-die ks-ky-die--${which}" data-face="${f.face}" data-dots="${f.dots}">` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${escapeXml(label)}">` +
    `<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="12" fill="${which === "action" ? "#fffdf5" : "#eef7ff"}" stroke="#333333" stroke-width="2"/>` +
    (icon ? faceIcon(f.face, size / 2, 26) : "") +
    pips.join("") +
    `</svg><figcaption class="ks-ky-die__caption">${escapeXml(faceText(f, localize))}</figcaption></figure>`
  );
}

/** The faces of a die as `<option>`s for forcing a physical die's roll (1-based, the die's order); duplicates once. */
export function faceOptions(
  faces: readonly (ActionFace | TemperatureFace)[],
  chosen: number | undefined,
  localize: Localize,
): string {
  const seen = new Set<string>();
  const opts = [
    `<option value=""${chosen === undefined ? " selected" : ""}>${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Dice.Seeded"))}</option>`,
  ];
  faces.forEach((f, i) => {
    const k = `${f.face}:${f.dots}`;
    if (seen.has(k)) return;
    seen.add(k);
    opts.push(
      `<option value="${i + 1}"${chosen === i + 1 ? " selected" : ""}>${escapeXml(faceText(f, localize))}</option>`,
    );
  });
  return opts.join("");
}
