/**
 * Loads the scripts of islands that wait to be seen (`<Island when="visible">`):
 * each loads when its part of the page comes within a screen's height of the
 * screen, so a visitor who never scrolls that far downloads none of it, and
 * one who does finds it running when they get there. The island's own script
 * then hydrates it as any island's does.
 */
function load(root: HTMLElement) {
  // Its chunks are fetched beside it rather than one after another.
  for (const href of JSON.parse(root.dataset.islandImports ?? "[]") as string[]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ root.dataset.islandSrc as string);
}

/** Watches every island waiting to be seen; called once the page is parsed, as its islands may come after this script runs. */
function watch() {
  const waiting = [...document.querySelectorAll<HTMLElement>("[data-island-src]")];
  if (!("IntersectionObserver" in window)) {
    waiting.forEach(load);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const root = entry.target.closest<HTMLElement>("[data-island-src]");
        if (root) load(root);
      }
    },
    { rootMargin: "100% 0px" },
  );
  // The island's root is `display: contents`, which has no box to watch: its first element stands for it.
  for (const root of waiting) observer.observe(root.firstElementChild ?? root);
}

// Once the page is parsed, for the reason the islands' scripts wait (app/islands/hydrate.tsx): this script is an
// async module too. Written out here rather than shared, so the watcher stays one small file.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch, { once: true });
else watch();
