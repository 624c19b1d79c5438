// The page's language, title and view follow the lesson (mineedu/ui/page.py): screen readers
// read French as French, the browser's tab names the lesson, the page's styles (page.css, scoped
// to body.mineedu-page) apply, and the "Projeter / Project" switch puts the page in the projector
// view (body.mineedu-projector; the address keeps ?view=projector, so a reload stays there).
// Inside JupyterLab it does nothing: Lab owns its document's title, language and layout.
const PROJECTOR = "projector";
const PROJECTOR_CLASS = "mineedu-projector";

function render({ model, el }) {
  // Voilà pages use JupyterLab's shell class too: Lab alone has a top panel and notebook toolbars
  const inLab = document.querySelector("#jp-top-panel, .jp-NotebookPanel-toolbar") !== null;
  if (inLab) {
    el.style.display = "none";
    return;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mineedu-project";
  button.addEventListener("click", () => {
    model.set("view", model.get("view") === PROJECTOR ? "" : PROJECTOR);
    model.save_changes();
  });
  // a page without a board (the start page, the dashboard) has no projector view, and no switch
  if (model.get("projectable")) el.replaceChildren(button);
  else el.style.display = "none";

  const apply = () => {
    document.body.classList.add("mineedu-page");
    document.documentElement.lang = model.get("lang");
    if (model.get("title")) document.title = model.get("title");
    const words = model.get("switch") || {};
    button.textContent = words.label || "Projeter";
    button.title = words.help || "";
    const projector = model.get("projectable") && model.get("view") === PROJECTOR;
    button.setAttribute("aria-pressed", projector ? "true" : "false");
    if (document.body.classList.contains(PROJECTOR_CLASS) !== projector) {
      document.body.classList.toggle(PROJECTOR_CLASS, projector);
      window.dispatchEvent(new Event("resize")); // Voilà's panels and the board's picture re-measure
    }
    const url = new URL(window.location.href);
    if ((url.searchParams.get("view") === PROJECTOR) !== projector) {
      if (projector) url.searchParams.set("view", PROJECTOR);
      else url.searchParams.delete("view");
      window.history.replaceState(window.history.state, "", url);
    }
  };
  for (const name of ["lang", "title", "switch", "view"]) model.on(`change:${name}`, apply);
  apply();
  // Voilà names the tab after the notebook once the page has loaded: keep the lesson's name
  const title = document.querySelector("title");
  if (title) {
    new MutationObserver(() => {
      if (model.get("title") && document.title !== model.get("title")) document.title = model.get("title");
    }).observe(title, { childList: true, characterData: true, subtree: true });
  }
  window.addEventListener("load", apply);
  // the sections below the board load once it is live (first_screen.py): the board's picture says so
  // when drawn; this says so too, late, should the board never be drawn
  setTimeout(() => model.send({ event: "live" }), 5000);
}
export default { render };
