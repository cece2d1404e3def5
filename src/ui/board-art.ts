/**
 * A board as a picture for the Foundry canvas: the table's own drawing of the lake or the ice
 * sheet (lake-svg.ts, ice-svg.ts) made into one self-contained SVG image, which the module turns
 * into a canvas texture. An SVG loaded as an image sees no stylesheet of the page and loads no
 * font, so the picture carries the table's styles for what it draws (`ART_CSS`, the values of
 * styles/sandbox.css and styles/kayanak.css) and names only generic font families. It sits on a
 * light panel of its own, so it reads the same on any scene background, in either theme.
 *
 * No tokens: on a scene the fishers, the bears and the swarms are Foundry's own tokens. What goes
 * in is a viewer's view (the public one on the canvas), exactly as on the table.
 */

/** A board drawn for the canvas, in SVG units (CSS px at zoom 1). */
export interface BoardArt {
  /** The picture: one `<svg>` document, nothing outside it referenced. */
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  /** The top-left corner of square (0, 0), where the picture is pinned to the scene's grid. */
  readonly origin: readonly [x: number, y: number];
  /** A square's side: the picture is scaled so that it covers one grid square. */
  readonly cell: number;
}

/** The band above the squares' numbers that holds the board's title. */
export const ART_TITLE = 24;
/** The title's size, in SVG units (above the legibility floor, as every text of the drawings). */
export const ART_TITLE_FONT = 16;

/** The table's styles for the classes the drawings use, as a picture holds them. */
export const ART_CSS = [
  `text{font-family:"Signika","Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}`,
  `.kolikoly-art__title{font-size:${ART_TITLE_FONT}px;font-weight:700;fill:#0b3954}`,
  `.kolikoly-axis__n{font-size:13px;fill:#34495e}`,
  `.kolikoly-sq__fog{font-size:18px;font-weight:700;fill:#7a7a7a}`,
  `.kolikoly-more,.kolikoly-swarm__count,.kolikoly-fisher__label,.kolikoly-arrow__level{font-size:13px;font-weight:700}`,
  `.ks-ky-banned{stroke:#c0392b;stroke-width:3;stroke-dasharray:7 4}`,
  `.ks-ky-ball--under{opacity:.55}`,
  `.ks-ky-more{font-size:13px;font-weight:700;fill:#000;paint-order:stroke;stroke:#fff;stroke-width:3px}`,
  `.ks-ky-hole--legal .ks-ky-hole__bg{stroke:#d55e00;stroke-width:3;stroke-dasharray:6 3;fill:rgba(230,159,0,.16)}`,
].join("");

/**
 * The picture around a drawing: the panel, the title in its band, and the drawing moved by
 * (`dx`, `ART_TITLE`). `content` is markup in the drawing's own coordinates; `title` is escaped.
 */
export function artFrame(o: {
  readonly width: number;
  readonly height: number;
  readonly dx: number;
  readonly title: string;
  readonly content: string;
  readonly origin: readonly [number, number];
  readonly cell: number;
}): BoardArt {
  const width = o.width + o.dx;
  const height = o.height + ART_TITLE;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<style>${ART_CSS}</style>`,
    `<rect class="kolikoly-art__panel" x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="6" fill="#f4f8fb" fill-opacity="0.94" stroke="#0b3954" stroke-opacity="0.55"/>`,
    `<text class="kolikoly-art__title" x="${Math.max(6, o.origin[0] + o.dx)}" y="${ART_TITLE - 6}">${o.title}</text>`,
    `<g transform="translate(${o.dx} ${ART_TITLE})">${o.content}</g>`,
    `</svg>`,
  ].join("");
  return {
    svg,
    width,
    height,
    origin: [o.origin[0] + o.dx, o.origin[1] + ART_TITLE],
    cell: o.cell,
  };
}
