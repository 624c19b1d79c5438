// The page's language and title follow the lesson (mineedu/ui/page.py): screen readers
// read French as French, the browser's tab names the lesson, and the page's styles
// (page.css, scoped to body.mineedu-page) apply. Inside JupyterLab it does nothing:
// Lab owns its document's title and language.
function render({ model, el }) {
  el.style.display = "none";
  // Voilà pages use JupyterLab's shell class too: Lab alone has a top panel and notebook toolbars
  const inLab = document.querySelector("#jp-top-panel, .jp-NotebookPanel-toolbar") !== null;
  const apply = () => {
    if (inLab) return;
    document.body.classList.add("mineedu-page");
    document.documentElement.lang = model.get("lang");
    if (model.get("title")) document.title = model.get("title");
  };
  model.on("change:lang", apply);
  model.on("change:title", apply);
  apply();
  // Voilà names the tab after the notebook once the page has loaded: keep the lesson's name
  if (!inLab) {
    const title = document.querySelector("title");
    if (title) {
      new MutationObserver(() => {
        if (model.get("title") && document.title !== model.get("title")) document.title = model.get("title");
      }).observe(title, { childList: true, characterData: true, subtree: true });
    }
    window.addEventListener("load", apply);
  }
}
export default { render };
