// The page's language and title follow the lesson (mineedu/ui/page.py): screen readers
// read French as French, the browser's tab names the lesson, and the page's styles
// (page.css, scoped to body.mineedu-page) apply. Inside JupyterLab it does nothing:
// Lab owns its document's title and language.
function render({ model, el }) {
  el.style.display = "none";
  const inLab = document.querySelector(".jp-LabShell, #jp-main-dock-panel") !== null;
  const apply = () => {
    if (inLab) return;
    document.body.classList.add("mineedu-page");
    document.documentElement.lang = model.get("lang");
    if (model.get("title")) document.title = model.get("title");
  };
  model.on("change:lang", apply);
  model.on("change:title", apply);
  apply();
}
export default { render };
