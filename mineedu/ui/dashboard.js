// The dashboard's downloads (mineedu/ui/dashboard.py): the kernel builds the class's export on the
// server and hands it here; each new file is saved once by the teacher's browser.
function render({ model, el }) {
  el.style.display = "none";
  let done = (model.get("file") || {}).n || 0;  // a file already handed before this view existed is not saved again
  model.on("change:file", () => {
    const f = model.get("file") || {};
    if (!f.data || !f.n || f.n === done) return;
    done = f.n;
    const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: f.mime || "application/octet-stream" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = f.name || "export";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
}
export default { render };
