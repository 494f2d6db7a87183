// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Lines, StackedBars } from "./charts";

/** The chart's gridlines as drawn: each label's text and the line's height in the picture. */
function gridlines(markup: string) {
  const svg = new DOMParser().parseFromString(markup, "text/html").querySelector("svg") as SVGSVGElement;
  const lines = [...svg.querySelectorAll("line")];
  return {
    svg,
    lines: lines.map((line) => ({
      label: (line.nextElementSibling as Element).textContent,
      y: Number(line.getAttribute("y1")),
    })),
  };
}

const WEEKS = ["2 Nov", "9 Nov", "16 Nov"];

describe("the dashboard's chart axes", () => {
  it.each([
    { counts: [8, 9, 1], labels: ["0", "2", "4", "6", "8", "10"] },
    { counts: [3, 0, 1], labels: ["0", "1", "2", "3"] },
    { counts: [0, 0, 0], labels: ["0", "1"] },
    { counts: [37, 12, 5], labels: ["0", "10", "20", "30", "40"] },
    { counts: [260, 3, 5], labels: ["0", "100", "200", "300"] },
  ])("labels weeks of $counts quotes in whole, round steps: $labels", ({ counts, labels }) => {
    const { lines } = gridlines(
      renderToStaticMarkup(
        <StackedBars label="Quotes" labels={WEEKS} series={[{ name: "Kestwick", values: counts }]} />,
      ),
    );
    expect(lines.map((line) => line.label)).toEqual(labels);
  });

  it("puts the top of a bar of 8 on the gridline labelled 8, stacked from two salons", () => {
    const { svg, lines } = gridlines(
      renderToStaticMarkup(
        <StackedBars
          label="Quotes"
          labels={WEEKS}
          series={[
            { name: "Kestwick", values: [5, 9, 0] },
            { name: "Wrenbridge", values: [3, 0, 1] },
          ]}
        />,
      ),
    );
    const eight = lines.find((line) => line.label === "8")?.y;
    const rects = [...svg.querySelectorAll("rect")];
    const left = Math.min(...rects.map((rect) => Number(rect.getAttribute("x"))));
    const firstWeek = rects.filter((rect) => Number(rect.getAttribute("x")) === left);
    const top = Math.min(...firstWeek.map((rect) => Number(rect.getAttribute("y"))));
    expect(firstWeek).toHaveLength(2);
    expect(top).toBeCloseTo(eight as number, 6);
  });

  it("keeps a score's scale at 0 to 5 in whole points", () => {
    const { lines } = gridlines(
      renderToStaticMarkup(
        <Lines label="Score" labels={WEEKS} series={[{ name: "Average", values: [4.6, null, 3.9] }]} max={5} />,
      ),
    );
    expect(lines.map((line) => line.label)).toEqual(["0", "1", "2", "3", "4", "5"]);
  });
});
